import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession } from '../../../test/render-with-session';
import { SpaCard } from './spa-card';
import { makeSpa } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('SpaCard', () => {
  it('shows logo, distance, name, category, a one-decimal rating, reviews, address and the open jobs', () => {
    renderWithSession(<SpaCard spa={makeSpa({ distance: 3.14 })} />);
    expect(screen.getByRole('img', { name: 'Lotus Day Spa, Bandra logo' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(screen.getByText('3.1 km away')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lotus Day Spa, Bandra' })).toHaveAttribute('href', '/spa/7');
    expect(screen.getByText('Day Spa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(120 reviews)')).toBeInTheDocument();
    expect(screen.getByText('3 Jobs open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website of Lotus Day Spa, Bandra' })).toHaveAttribute(
      'href',
      'https://lotus.example.in',
    );
  });

  it('falls back to "No Image", the default category, a clamped rating and "No open jobs"', () => {
    renderWithSession(
      <SpaCard spa={makeSpa({ logo: null, category: '', rating: 7, openJobs: 0, website: null })} />,
    );
    expect(screen.getByRole('img', { name: 'No Image' })).toHaveTextContent(/^[A-Z0-9?]{1,2}$/);
    expect(screen.getByText('Spa & Massage')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('No open jobs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Website' })).toBeDisabled();
  });

  it('shares natively when it can', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderWithSession(<SpaCard spa={makeSpa({ openJobs: 1 })} />);
    expect(screen.getByText('1 Job open')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share Lotus Day Spa, Bandra' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/spa/7` }));
  });
});
