import { renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { applyServerErrors } from './apply-server-errors.js';
import { i18n } from './i18n.js';
import { encodeRule } from './validation-messages.js';

interface Values {
  rentDueDate: string;
  rentAmount: number;
  amount: number;
  profile: { email: string; lastName: string };
}

/** A form's state after a refused request was put back into it. */
function apply(error: unknown, known: (path: string) => boolean = () => true) {
  const { result } = renderHook(() => useForm<Values>());
  const placed = applyServerErrors(error, result.current.setError, known);
  const message = (name: Parameters<typeof result.current.getFieldState>[0]) => result.current.getFieldState(name).error?.message;
  return { placed, message };
}

const refused = (code: ConstructorParameters<typeof ApiError>[1], details: ConstructorParameters<typeof ApiError>[3] = []) =>
  new ApiError(code === 'INVALID_REQUEST' ? 400 : 422, code, 'req-1', details, 'server text');

beforeAll(async () => void (await i18n.changeLanguage('fr')));

describe('server errors go back to the form field they concern', () => {
  it('E0188 (months in order) on the due date, in the catalogue’s words', () => {
    const { placed, message } = apply(refused('E0188'));
    expect(placed).toBe(true);
    expect(message('rentDueDate')).toBe('Les mois se déclarent dans l’ordre : déclarez d’abord le mois suivant le dernier mois déclaré.');
  });

  it('E0201 (a due date in the future) on the due date', () => {
    expect(apply(refused('E0201')).message('rentDueDate')).toBe('La date d’échéance ne peut pas être dans le futur.');
  });

  it('E0212 (a payment of 0) on the amount', () => {
    expect(apply(refused('E0212')).message('amount')).toBe('Le montant du paiement doit être supérieur à 0.');
  });

  it('a business code on the field its details name, when the form has it (not the catalogue’s default field)', () => {
    const { message } = apply(refused('E0201', [{ path: 'rentAmount', message: 'x' }]));
    expect(message('rentAmount')).toBe('La date d’échéance ne peut pas être dans le futur.');
    expect(message('rentDueDate')).toBeUndefined();
  });

  it('INVALID_REQUEST: each detail on its own field, nested paths included', () => {
    const { placed, message } = apply(
      refused('INVALID_REQUEST', [
        { path: 'profile.email', message: 'Invalid email address', rule: { key: 'email', params: {} } },
        { path: 'rentAmount', message: 'must be at most 1,000,000', rule: { key: 'maxNumber', params: { max: 1_000_000 } } },
        // a detail without a rule: the server's English is not shown, it reads as invalid
        { path: 'profile.lastName', message: 'Something in English' },
      ]),
    );
    expect(placed).toBe(true);
    expect(message('profile.email')).toBe(encodeRule({ key: 'email', params: {} }));
    expect(message('rentAmount')).toBe(encodeRule({ key: 'maxNumber', params: { max: 1_000_000 } }));
    expect(message('profile.lastName')).toBe(encodeRule({ key: 'invalid', params: {} }));
  });

  it('leaves what the form has no field for to the alert above its actions', () => {
    expect(apply(refused('INVALID_REQUEST', [{ path: 'metadata.x', message: 'm' }]), (p) => !p.startsWith('metadata')).placed).toBe(false);
    expect(apply(refused('E0188'), (p) => p !== 'rentDueDate').placed).toBe(false);
    expect(apply(refused('E0176')).placed).toBe(false); // one active claim per project: no field
    expect(apply(new ApiError(0, 'NETWORK', null)).placed).toBe(false);
    expect(apply(new ApiError(502, 'UNKNOWN', null)).placed).toBe(false);
    expect(apply(new Error('not an api error')).placed).toBe(false);
  });
});
