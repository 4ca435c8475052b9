import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { autosize } from './autosize.js';

function Comment({ enabled }: { enabled: boolean }) {
  const [value, setValue] = useState('');
  return <TextField label="Commentaire" value={value} onChange={(e) => setValue(e.target.value)} {...autosize(4, { flex: 1 }, enabled)} />;
}

test('where the browser sizes a text area itself: a plain one-line text area, no hidden copy measured, still labelled and typed in', async () => {
  const { container } = render(<Comment enabled />);
  const box = screen.getByRole('textbox', { name: 'Commentaire' });
  expect(box.tagName).toBe('TEXTAREA');
  expect(box.getAttribute('rows')).toBe('1');
  // MUI's autosize keeps a hidden copy to measure (aria-hidden, read-only): none here
  expect(container.querySelectorAll('textarea')).toHaveLength(1);
  await userEvent.type(box, 'ligne 1{Enter}ligne 2');
  expect(box).toHaveValue('ligne 1\nligne 2');
});

test('elsewhere MUI’s own autosize, up to four lines', () => {
  const { container } = render(<Comment enabled={false} />);
  expect(screen.getByRole('textbox', { name: 'Commentaire' }).tagName).toBe('TEXTAREA');
  expect(container.querySelectorAll('textarea')).toHaveLength(2);
});
