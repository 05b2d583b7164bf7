import { Icon } from '../../components/Icon'

/** The warning above a key or secret shown this once. */
export function ShownOnceBanner({ what }: { what: string }) {
  return (
    <div className="banner banner-warning" role="note">
      <Icon name="warning" />
      <div className="banner-text">Copy {what} now. It is shown this once and cannot be read again — the gateway keeps only its hash.</div>
    </div>
  )
}
