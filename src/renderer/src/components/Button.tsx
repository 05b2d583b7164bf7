import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'sm' | 'md'
  icon?: IconName
  children?: ReactNode
}

/** The one button. Icon-only buttons must pass `aria-label` (and get it as a tooltip too). */
export function Button({ variant = 'secondary', size = 'md', icon, children, className, type = 'button', ...rest }: ButtonProps) {
  const iconOnly = !children
  return (
    <button
      type={type}
      className={['btn', `btn-${variant}`, `btn-${size}`, iconOnly ? 'btn-icon' : '', className ?? ''].join(' ').trim()}
      title={rest.title ?? rest['aria-label']}
      {...rest}
    >
      {icon && <Icon name={icon} size={size === 'sm' ? 14 : 16} />}
      {children && <span>{children}</span>}
    </button>
  )
}
