/**
 * The widths the layout changes at, as media queries (the stylesheets use the same widths). Below NARROW side
 * panels are drawers over the page; below PHONE the navigation is a drawer too. No React here: the browser
 * tests wait on the same queries.
 */
export const NARROW = '(max-width: 999px)'
export const PHONE = '(max-width: 699px)'
