import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import './styles/theme.css'
import './styles/base.css'
import './styles/shell.css'
import './styles/playground.css'
import './styles/pages.css'
import './styles/studio.css'
import './styles/tools.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
