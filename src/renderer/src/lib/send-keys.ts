const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** The shortcut that sends a message, as this platform writes it (the composer's hint, the send-key setting). */
export const SEND_KEYS = isMac ? '⌘ Enter' : 'Ctrl Enter'
