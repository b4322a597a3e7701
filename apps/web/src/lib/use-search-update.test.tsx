import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchUpdate } from './use-search-update';

function Filters() {
  const [params, change] = useSearchUpdate();
  const set = (key: string, value: string) =>
    change((current) => {
      current.set(key, value);
      return current;
    });
  return (
    <>
      <output aria-label="search">{useLocation().search}</output>
      <output aria-label="params">{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          // Three changes in one event, before the page renders again.
          set('salaryMin', '30000');
          set('experience', '1');
          set('sort', 'salary');
        }}
      >
        Choose three
      </button>
      <button type="button" onClick={() => set('page', '2')}>
        Next page
      </button>
    </>
  );
}

function setup(initial = '/jobs') {
  const router = createMemoryRouter([{ path: '/jobs', Component: Filters }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchUpdate', () => {
  it('keeps every change made before the page renders again', async () => {
    setup();
    await act(async () => screen.getByRole('button', { name: 'Choose three' }).click());
    const search = new URLSearchParams(screen.getByLabelText('search').textContent!);
    expect(Object.fromEntries(search)).toEqual({ salaryMin: '30000', experience: '1', sort: 'salary' });
  });

  it('starts from the address again once it moves on by itself (back, a link)', async () => {
    const router = setup('/jobs?q=spa');
    await act(async () => screen.getByRole('button', { name: 'Choose three' }).click());
    await act(async () => router.navigate('/jobs?city=Pune'));
    expect(screen.getByLabelText('params').textContent).toBe('city=Pune');
    await act(async () => screen.getByRole('button', { name: 'Next page' }).click());
    expect(screen.getByLabelText('params').textContent).toBe('city=Pune&page=2');
    await act(async () => router.navigate(-1));
    expect(screen.getByLabelText('params').textContent).toBe('city=Pune');
    await act(async () => screen.getByRole('button', { name: 'Next page' }).click());
    expect(screen.getByLabelText('params').textContent).toBe('city=Pune&page=2');
  });
});
