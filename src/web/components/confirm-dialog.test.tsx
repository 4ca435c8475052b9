import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.js';

const props = (open: boolean, onConfirm: () => void, onCancel: () => void) => ({
  open,
  title: 'Supprimer ce paiement ?',
  text: 'Les mois seront recalculés.',
  cancel: 'Annuler',
  confirm: 'Supprimer',
  onConfirm,
  onCancel,
});

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its text, the safe choice focused first', () => {
    render(<ConfirmDialog {...props(true, vi.fn(), vi.fn())} />);
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce paiement ?' });
    expect(dialog).toHaveAccessibleDescription('Les mois seront recalculés.');
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();
  });

  it('answers once per opening: a double click (or a click on the other button while it closes) does nothing more', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<ConfirmDialog {...props(true, onConfirm, onCancel)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    // opened again: it answers again
    rerender(<ConfirmDialog {...props(false, onConfirm, onCancel)} />);
    rerender(<ConfirmDialog {...props(true, onConfirm, onCancel)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps its confirm button disabled while busy', () => {
    render(<ConfirmDialog {...props(true, vi.fn(), vi.fn())} busy />);
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeEnabled();
  });
});
