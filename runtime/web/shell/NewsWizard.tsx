import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MobileStepper,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { useNewsWizard } from './useNewsWizard.ts';

interface Slide {
  title: string;
  icon: string;
  text?: string;
}

/** The three slides of spec 000 §2.4; the second is empty in the original (only its title shows). */
const SLIDES: Slide[] = [
  {
    title: 'Alteração manual da situação dos boletos',
    icon: 'published_with_changes',
    text:
      'Agora você pode alterar manualmente a situação de um boleto, por exemplo marcando como pago um ' +
      'boleto recebido por fora do banco. A alteração fica registrada e o financeiro é atualizado na hora.',
  },
  { title: 'Notificações de boletos', icon: 'notifications_active' },
  {
    title: 'Boletos parcelados',
    icon: 'view_week',
    text:
      'Gere boletos parcelados em uma única operação: informe o número de parcelas e o primeiro ' +
      'vencimento, e o sistema cria um boleto para cada parcela com os valores e datas calculados.',
  },
];

/**
 * "Temos novidades para você" (spec 000 §2.4): three slides with Anterior / Próximo / Finalizar and a
 * static backdrop; shown once per browser (useNewsWizard marks it on first display).
 */
export function NewsWizard() {
  const { open, close } = useNewsWizard();
  const [step, setStep] = useState(0);
  const slide = SLIDES[step] as Slide;
  const last = step === SLIDES.length - 1;
  return (
    <Dialog
      open={open}
      // Static backdrop: neither a click outside nor Escape closes it.
      onClose={() => undefined}
      maxWidth="sm"
      fullWidth
      aria-labelledby="novidades-titulo"
    >
      <DialogTitle id="novidades-titulo">Temos novidades para você</DialogTitle>
      <DialogContent dividers>
        <Box
          role="group"
          aria-roledescription="slide"
          aria-label={`${step + 1} de ${SLIDES.length}`}
          sx={{ textAlign: 'center', py: 2, minHeight: 200 }}
        >
          <Icon color="primary" sx={{ fontSize: 56 }}>
            {slide.icon}
          </Icon>
          <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1.5 }}>
            {slide.title}
          </Typography>
          {slide.text && (
            <Typography color="text.secondary" sx={{ maxWidth: 460, mx: 'auto' }}>
              {slide.text}
            </Typography>
          )}
        </Box>
        <MobileStepper
          variant="dots"
          steps={SLIDES.length}
          position="static"
          activeStep={step}
          backButton={null}
          nextButton={null}
          sx={{ justifyContent: 'center', bgcolor: 'transparent' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setStep((value) => value - 1)} disabled={step === 0}>
          Anterior
        </Button>
        {last ? (
          <Button variant="contained" onClick={close}>
            Finalizar
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setStep((value) => value + 1)}>
            Próximo
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
