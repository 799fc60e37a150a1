import { createTheme, type Theme } from '@mui/material/styles';
import { deriveThemePalette, LIGHT_SURFACES } from '../../core/deriveThemePalette.ts';

/**
 * MUI theme of a white-label: its theme colour as primary, secondary colour, pt-BR defaults. Every
 * palette colour goes through deriveThemePalette (WCAG 2.1 AA, 4.5:1): a light brand colour is darkened
 * just enough to be read as text on the light surfaces and to carry white text when filled.
 */
export function createAppTheme(primary: string, secondary: string): Theme {
  const palette = deriveThemePalette(primary, secondary);
  const color = ({ main, contrastText }: { main: string; contrastText: string }) => ({ main, contrastText });
  return createTheme({
    palette: {
      primary: color(palette.primary),
      secondary: color(palette.secondary),
      error: color(palette.error),
      warning: color(palette.warning),
      info: color(palette.info),
      success: color(palette.success),
      background: { default: LIGHT_SURFACES.background, paper: LIGHT_SURFACES.paper },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: { notchedOutline: { borderColor: palette.fieldBorder } },
      },
      MuiAppBar: { defaultProps: { elevation: 1 } },
    },
  });
}
