import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedText } from './use-debounced-text';

function Harness({ onCommit }: { onCommit: (v: string) => void }) {
  const [committed, setCommitted] = useState('');
  const [draft, onChange] = useDebouncedText(committed, (v) => {
    onCommit(v);
    setCommitted(v);
  });
  return (
    <>
      <input aria-label="Title" value={draft} onChange={(e) => onChange(e.target.value)} />
      <button type="button" onClick={() => setCommitted('')}>
        Reset
      </button>
      <output>{committed}</output>
    </>
  );
}

describe('useDebouncedText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const type = (el: HTMLInputElement, text: string) => {
    for (let i = 1; i <= text.length; i++) {
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(el, text.slice(0, i));
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
      act(() => vi.advanceTimersByTime(100));
    }
  };

  it('commits once, 300 ms after the last key', () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const input = screen.getByLabelText<HTMLInputElement>('Title');
    type(input, 'therapist');
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('therapist');
    expect(input.value).toBe('therapist');
  });

  it('follows a reset from outside and drops typing still pending', () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const input = screen.getByLabelText<HTMLInputElement>('Title');
    type(input, 'spa');
    act(() => vi.advanceTimersByTime(300));
    expect(onCommit).toHaveBeenCalledTimes(1);
    type(input, 'spa m');
    act(() => screen.getByRole('button', { name: 'Reset' }).click());
    expect(input.value).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
