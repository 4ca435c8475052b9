import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** MUI's `sm` breakpoint (600 px), as `theme.breakpoints.down('sm')` writes it: phones. */
const PHONE = '@media (max-width:599.95px)';
const TOUCH = 44;

/**
 * The keyboard's focus, drawn the same way on every control: a 2 px outline set off from it (so a
 * pressed chip or a filled button looks different focused), in the text colour of the page (8:1 on
 * its light backgrounds); the dark header sets `--focus-ring` to white (8:1 on its blue). MUI's own
 * sign was a ripple, which came late and was faint on the header (the app has none: below).
 */
const FOCUS_RING = {
  outline: '2px solid var(--focus-ring, #1b4f9c)',
  outlineOffset: 2,
} as const;
/** Items of a list or menu: the outline inside them, as they touch their neighbours. */
const FOCUS_INSIDE = { ...FOCUS_RING, outlineOffset: -2 } as const;

const themeOptions: ThemeOptions = {
  // Darker status colours than MUI's defaults, so outlined chips keep a 4.5:1 contrast (WCAG AA).
  // Each with its light and dark shades and its text colour written out (MUI's own, from `main`:
  // theme.test.ts), so MUI does not work them out with its colour maths at every start.
  palette: {
    primary: { main: '#1b4f9c', light: 'rgb(72, 114, 175)', dark: 'rgb(18, 55, 109)', contrastText: '#fff' },
    secondary: { main: '#b5432c', light: 'rgb(195, 104, 86)', dark: 'rgb(126, 46, 30)', contrastText: '#fff' },
    background: { default: '#f5f7fb' },
    warning: { main: '#8a4d00', light: 'rgb(161, 112, 51)', dark: 'rgb(96, 53, 0)', contrastText: '#fff' },
    info: { main: '#0a5a86', light: 'rgb(59, 123, 158)', dark: 'rgb(7, 62, 93)', contrastText: '#fff' },
    success: { main: '#1d6b31', light: 'rgb(74, 136, 90)', dark: 'rgb(20, 74, 34)', contrastText: '#fff' },
    error: { main: '#b3261e', light: 'rgb(194, 81, 75)', dark: 'rgb(125, 26, 21)', contrastText: '#fff' },
  },
  shape: { borderRadius: 8 },
  components: {
    // No ripple: a tap is answered by the control's own change and a press shade that is plain CSS.
    // The ripple is a React state, an element and an animation per tap (about 50 ms of the tap at a
    // phone's speed), and its first one on a page adds its keyframes to the style sheet, which makes
    // the browser restyle the whole page (about 100 ms more): ticking the round's 50 rows answered in
    // 290 ms at a phone's speed (median), 220 ms without it. The keyboard's focus is the outline above.
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING, '&:active': { opacity: 0.8 } } },
    },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_INSIDE } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_INSIDE } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_INSIDE } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': FOCUS_RING } } },
    // links and other focusable elements that are not MUI controls (a router link styled as text)
    MuiCssBaseline: {
      styleOverrides: {
        ':where(a[href], [tabindex="0"], summary):focus-visible': FOCUS_RING,
        // A user who asked the system for less motion (WCAG 2.3.3) gets none: menus, dialogs and
        // sections appear and go at once, a spinner stands still.
        // Transitions last 0 s, so there are none (MUI's transitions end on their timers, not on
        // transitionend); not 0.01 ms, which would give every element a transition of all its
        // properties (`transition-property` is `all` by default) and show each change a frame late.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0s !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiAppBar: {
      styleOverrides: {
        root: { '--focus-ring': '#ffffff' },
      },
    },
    // On phones every touch target is at least 44 px high (WCAG 2.5.5, Apple's HIG): buttons of
    // every size, icon buttons, toggle buttons, chips that act as buttons, the app bar's menu.
    // Here, one place, rather than per component; desks keep MUI's denser sizes.
    MuiButton: { styleOverrides: { root: { [PHONE]: { minHeight: TOUCH } } } },
    MuiIconButton: { styleOverrides: { root: { [PHONE]: { minHeight: TOUCH, minWidth: TOUCH } } } },
    MuiToggleButton: { styleOverrides: { root: { [PHONE]: { minHeight: TOUCH } } } },
    // a list's pagination wraps on a phone (its next-page arrow was off the screen at 390 px)
    MuiTablePagination: {
      styleOverrides: {
        toolbar: { flexWrap: 'wrap', justifyContent: 'flex-end', [PHONE]: { paddingLeft: 8, paddingRight: 8 } },
        spacer: { [PHONE]: { display: 'none' } },
        selectLabel: { [PHONE]: { margin: 0 } },
        input: { [PHONE]: { marginRight: 8 } },
        actions: { [PHONE]: { marginLeft: 8 } },
      },
    },
    MuiChip: { styleOverrides: { clickable: { [PHONE]: { minHeight: TOUCH } }, deletable: { [PHONE]: { minHeight: TOUCH } } } },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
};

/** The app's one theme, the same in every language (MUI's own words: lib/mui-texts.ts). */
export const theme = createTheme(themeOptions);
