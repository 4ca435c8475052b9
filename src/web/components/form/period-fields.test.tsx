import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { typeDate } from '../../test/form-helpers.js';
import { renderApp } from '../../test/render.js';
import { PeriodFields } from './period-fields.js';

const labels = { from: 'Du', to: 'Au' };

describe('PeriodFields', () => {
  it('sends a date once it is whole, never a half-typed one, and null when it is emptied', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(<PeriodFields period={{ to: '2026-04-30' }} labels={labels} onChange={onChange} spacing={1} />);
    await typeDate(user, 'Du', '0503');
    expect(onChange).not.toHaveBeenCalled();
    // a year typed digit by digit is not a date until its fourth digit ("05/03/202" is not year 202)
    await user.keyboard('202');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('6');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('from', '2026-03-05'));
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.click(within(screen.getByRole('group', { name: /^Au/ })).getAllByRole('spinbutton')[0] as HTMLElement);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('to', null));
  });

  it('as months: a whole month yyyy-MM goes, typed MM/YYYY', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(<PeriodFields period={{}} labels={labels} month onChange={onChange} spacing={1} />);
    await typeDate(user, 'Au', '05');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('20');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('26');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('to', '2026-05'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
