import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession } from '../../../test/render-with-session';
import { NearbySpas } from './nearby-spas';
import { makeSpa, routeFetch, stubGeolocation } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const near = (n: number, countCapped = false) => ({
  status: 200,
  body: {
    success: true,
    count: n,
    countCapped,
    data: Array.from({ length: Math.min(n, 6) }, (_, i) =>
      makeSpa({ _id: String(i + 1), name: `Spa ${i + 1}`, distance: i + 0.5 }),
    ),
  },
});
const geo = { status: 200, body: { success: true, city: 'Mumbai', state: 'Maharashtra', distanceKm: 1 } };

describe('NearbySpas', () => {
  it('asks for a fresh, high-accuracy position within 10 s, then lists spas within 10 km', async () => {
    const position = stubGeolocation({ lat: 19.076, lng: 72.8777 });
    const fetch = routeFetch({ '/api/v1/geo/reverse': geo, '/api/v1/spas/nearspa': near(8) });
    renderWithSession(<NearbySpas />);
    expect(await screen.findByText('Near Mumbai, Maharashtra')).toBeInTheDocument();
    // The count says how many are shown when there are more than the cards.
    expect(await screen.findByText('Showing 6 of 8 spas within 10 km')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'See all spas' })).toHaveAttribute('href', '/spas');
    expect(position.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
    const urls = fetch.mock.calls.map((c) => String(c[0]));
    expect(urls).toContain('/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=10&limit=6');
  });

  it('says "1,000+" when the count stopped at its cap', async () => {
    stubGeolocation({ lat: 19.076, lng: 72.8777 });
    routeFetch({ '/api/v1/geo/reverse': geo, '/api/v1/spas/nearspa': near(1000, true) });
    renderWithSession(<NearbySpas />);
    expect(await screen.findByText('Showing 6 of 1,000+ spas within 10 km')).toBeInTheDocument();
  });

  it('asks again with the chosen radius', async () => {
    stubGeolocation({ lat: 19.076, lng: 72.8777 });
    const fetch = routeFetch({ '/api/v1/geo/reverse': geo, '/api/v1/spas/nearspa': near(2) });
    renderWithSession(<NearbySpas />);
    const radius = await screen.findByRole('combobox', { name: 'Radius' });
    expect([...radius.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '5 km',
      '10 km',
      '20 km',
      '50 km',
      '100 km',
    ]);
    await userEvent.setup().selectOptions(radius, '50');
    expect(await screen.findByText('2 spas found within 50 km')).toBeInTheDocument();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=50&limit=6',
    );
  });

  it('when location is denied, explains why and loads all spas instead', async () => {
    stubGeolocation({ code: 1 });
    const fetch = routeFetch({
      '/api/v1/spas/spaall': {
        status: 200,
        body: { success: true, data: [makeSpa()], total: 300, page: 1, pages: 50 },
      },
    });
    renderWithSession(<NearbySpas />);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading')).toHaveTextContent('Location access denied');
    expect(panel).toHaveTextContent(
      "We couldn't access your location. Please enable location services in your browser and try again.",
    );
    expect(panel).toHaveTextContent('Reason: Permission denied');
    expect(await screen.findByText('Showing 1 of 300 spas')).toBeInTheDocument();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/v1/spas/spaall?page=1&limit=6');
    expect(screen.getByRole('button', { name: 'Use My Location' })).toBeInTheDocument();
  });

  it('when location is denied, a city chosen by hand finds spas near it, and is remembered', async () => {
    localStorage.clear();
    stubGeolocation({ code: 1 });
    const fetch = routeFetch({
      '/api/v1/spas/spaall': { status: 200, body: { success: true, data: [], total: 0, page: 1, pages: 1 } },
      '/api/v1/geo/cities': {
        status: 200,
        body: { success: true, data: [{ city: 'Pune', state: 'Maharashtra', lat: 18.52, lng: 73.86 }] },
      },
      '/api/v1/spas/nearspa': near(3),
    });
    const user = userEvent.setup();
    const view = renderWithSession(<NearbySpas />);
    const picker = await screen.findByLabelText('Or choose your city');
    await user.type(picker, 'Pun');
    await user.click(await screen.findByRole('button', { name: /Pune.*Maharashtra/ }));
    expect(await screen.findByText('Near Pune, Maharashtra')).toBeInTheDocument();
    expect(await screen.findByText('3 spas found within 10 km')).toBeInTheDocument();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/v1/spas/nearspa?lat=18.52&lng=73.86&radius=10&limit=6',
    );
    expect(JSON.parse(localStorage.getItem('chosenPlace')!)).toMatchObject({ city: 'Pune' });

    // Next time, the city is used at once, even with location still denied.
    view.unmount();
    renderWithSession(<NearbySpas />);
    expect(await screen.findByText('Near Pune, Maharashtra')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    localStorage.clear();
  });

  it('Try Again asks for the position again', async () => {
    const position = stubGeolocation({ code: 3 });
    routeFetch({
      '/api/v1/spas/spaall': { status: 200, body: { success: true, data: [], total: 0, page: 1, pages: 1 } },
    });
    renderWithSession(<NearbySpas />);
    expect(await screen.findByText('Reason: Timed out')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(position).toHaveBeenCalledTimes(2);
  });

  it('"No spas found nearby": Search Again uses the radius chosen in the panel', async () => {
    stubGeolocation({ lat: 26.9, lng: 70.9 });
    const fetch = routeFetch({ '/api/v1/geo/reverse': geo, '/api/v1/spas/nearspa': near(0) });
    renderWithSession(<NearbySpas />);
    expect(await screen.findByRole('heading', { name: 'No spas found nearby' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Radius' }), '100');
    await user.click(screen.getByRole('button', { name: 'Search Again' }));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
        '/api/v1/spas/nearspa?lat=26.9&lng=70.9&radius=100&limit=6',
      ),
    );
  });
});
