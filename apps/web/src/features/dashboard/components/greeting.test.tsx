import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Greeting, greetingFor } from './greeting';

describe('greeting', () => {
  it('follows the hour: before 12 morning, before 18 afternoon, else evening', () => {
    expect([0, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Good morning',
      'Good morning',
      'Good afternoon',
      'Good afternoon',
      'Good evening',
      'Good evening',
    ]);
  });

  it('names the candidate, or says "Candidate"', () => {
    const { rerender } = render(<Greeting firstname="Asha" now={new Date(2026, 0, 1, 9)} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Good morning, Asha');
    rerender(<Greeting firstname="" now={new Date(2026, 0, 1, 20)} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Good evening, Candidate');
  });
});
