import { createTheme, type Theme } from '@mui/material/styles';

/** MUI theme of a white-label: its theme colour as primary, secondary colour, pt-BR defaults. */
export function createAppTheme(primary: string, secondary: string): Theme {
  return createTheme({
    palette: {
      primary: { main: primary },
      secondary: { main: secondary },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiAppBar: { defaultProps: { elevation: 1 } },
    },
  });
}
