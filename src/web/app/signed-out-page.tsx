import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch.js';

/**
 * A page seen before signing in (the sign-in, a link's password): one card in the middle, a line
 * over it with the language switch (a shared computer's browser may not speak the user's language).
 */
export function SignedOutPage({ overline, maxWidth, children }: { overline: string; maxWidth: number; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
          <Typography variant="overline" component="p">
            {overline}
          </Typography>
          <LanguageSwitch onDark={false} short />
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
