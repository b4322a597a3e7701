import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';

const items = [
  { q: 'First?', a: 'One.' },
  { q: 'Second?', a: 'Two.' },
  { q: 'Third?', a: 'Three.' },
];

describe('FaqAccordion', () => {
  it('opens one answer at a time', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    const first = screen.getByRole('button', { name: 'First?' });
    const second = screen.getByRole('button', { name: 'Second?' });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First?' })).toHaveTextContent('One.');

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('One.')).not.toBeVisible();
    expect(screen.getByRole('region', { name: 'Second?' })).toHaveTextContent('Two.');

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} initialOpen={null} />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Second?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Second?' })).toHaveAttribute('aria-expanded', 'true');
    const third = screen.getByRole('button', { name: 'Third?' });
    await user.tab();
    await user.keyboard(' ');
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Second?' })).toHaveAttribute('aria-expanded', 'false');
  });
});
