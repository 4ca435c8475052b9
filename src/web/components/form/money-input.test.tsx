import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { MoneyInput } from './money-input.js';

/** A form with one amount pre-filled as a page pre-fills it (the lease's rent), and what the form holds. */
function Form({ initial }: { initial?: number }) {
  const form = useForm<{ rent?: number | null }>({ defaultValues: { rent: initial } });
  const rent = useWatch({ control: form.control, name: 'rent' });
  return (
    <form>
      <MoneyInput control={form.control} name="rent" label="Loyer du mois" />
      <output aria-label="Dans le formulaire">{String(rent)}</output>
    </form>
  );
}

const setup = async (initial?: number, lang: 'fr' | 'en' = 'fr') => {
  const user = userEvent.setup({ delay: null });
  await renderApp(<Form initial={initial} />, { lang });
  return { user, input: screen.getByRole('textbox', { name: /Loyer du mois/ }) };
};

describe('MoneyInput', () => {
  it('a pre-filled amount, changed, cleared with select-all and Delete, takes what is typed next', async () => {
    const { user, input } = await setup(800);
    expect(input).toHaveValue('800');
    await user.type(input, '5');
    await user.keyboard('{Control>}a{/Control}{Delete}');
    expect(input).toHaveValue('');
    await user.keyboard('750');
    expect(input).toHaveValue('750');
    expect(screen.getByLabelText('Dans le formulaire')).toHaveTextContent('750');
  });

  it('a pre-filled amount erased key by key stays empty', async () => {
    const { user, input } = await setup(550);
    await user.click(input);
    await user.keyboard('{End}{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('');
    await user.keyboard('620');
    expect(input).toHaveValue('620');
    expect(screen.getByLabelText('Dans le formulaire')).toHaveTextContent('620');
  });

  it('keeps "1 200,50" as pasted, reads it as 1200.5, and writes it the user’s way once left', async () => {
    const { user, input } = await setup();
    await user.click(input);
    await user.paste('1 200,50');
    expect(input).toHaveValue('1 200,50');
    expect(screen.getByLabelText('Dans le formulaire')).toHaveTextContent('1200.5');
    await user.tab();
    expect(input).toHaveValue('1\u202f200,50');
  });

  it('reads "1200.50", "1 200" and a narrow no-break space alike', async () => {
    const { user, input } = await setup();
    for (const [typed, held] of [
      ['1200.50', '1200.5'],
      ['1 200', '1200'],
      ['1\u202f200,50', '1200.5'],
      ['1\u00a0200', '1200'],
    ] as const) {
      await user.clear(input);
      await user.paste(typed);
      expect(screen.getByLabelText('Dans le formulaire')).toHaveTextContent(held);
    }
  });

  it('in English, a comma groups thousands', async () => {
    const { user, input } = await setup(undefined, 'en');
    await user.click(input);
    await user.paste('1,200.50');
    expect(screen.getByLabelText('Dans le formulaire')).toHaveTextContent('1200.5');
    await user.tab();
    expect(input).toHaveValue('1,200.50');
  });
});
