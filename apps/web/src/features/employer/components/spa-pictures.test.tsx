import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MySpa } from '@spajobs/contract/employer';
import { renderWithSession, storeSession, stubFetch } from '../../../test/render-with-session';
import { SpaPictures } from './spa-pictures';

const spa: MySpa = {
  _id: '12',
  name: 'Lotus Wellness Spa',
  city: 'Bengaluru',
  state: 'Karnataka',
  fullAddress: '12 MG Road, Bengaluru',
  phone: '9876543210',
  whatsapp: null,
  verification: 'verified',
  verificationNote: null,
  memberRole: 'owner',
  logo: null,
  galleryImages: ['/uploads/photos/aa.png', '/uploads/photos/bb.png'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('SpaPictures', () => {
  it('sends a chosen logo at once and says it is saved', async () => {
    storeSession({ role: 'employer' });
    const fetch = stubFetch({
      status: 200,
      body: { success: true, message: 'Logo updated.', logo: '/uploads/photos/cc.png', galleryImages: [] },
    });
    renderWithSession(<SpaPictures spa={spa} />);
    expect(screen.getByText('No logo yet')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose a logo'), png());
    expect(await screen.findByText('Logo updated.')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/employer/spas/12/logo');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('logo')).toBeInstanceOf(File);
  });

  it('refuses a file that is not a picture without sending it', async () => {
    storeSession({ role: 'employer' });
    const fetch = stubFetch({ status: 200, body: {} });
    renderWithSession(<SpaPictures spa={spa} />);
    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Add a picture'), pdf, { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a JPEG or PNG picture.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("removes a gallery picture and shows the server's refusal when there is one", async () => {
    storeSession({ role: 'employer' });
    const fetch = stubFetch({
      status: 404,
      body: { success: false, error: 'Not Found', message: "That picture is not in this spa's gallery." },
    });
    renderWithSession(<SpaPictures spa={spa} />);
    expect(screen.getByText('Gallery pictures (2 of 8)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("That picture is not in this spa's gallery.");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/employer/spas/12/gallery?image=%2Fuploads%2Fphotos%2Fbb.png');
    expect(init.method).toBe('DELETE');
  });

  it('a full gallery offers no more uploads', () => {
    const full = { ...spa, galleryImages: Array.from({ length: 8 }, (_, i) => `/uploads/photos/${i}.png`) };
    renderWithSession(<SpaPictures spa={full} />);
    expect(screen.queryByLabelText('Add a picture')).not.toBeInTheDocument();
    expect(screen.getByText('The gallery is full. Remove a picture to add another.')).toBeInTheDocument();
  });
});
