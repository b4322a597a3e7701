import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, storeSession, stubFetch } from '../../../test/render-with-session';
import { PhotoPanel } from './photo-panel';
import { ResumePanel } from './resume-panel';

const file = (name: string, type: string, size = 10) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  localStorage.clear();
  storeSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('photo upload', () => {
  it('checks the file in the browser before sending it', async () => {
    const fetch = stubFetch({ status: 500 });
    const user = userEvent.setup({ applyAccept: false });
    renderWithSession(<PhotoPanel path={null} name="Asha" />);
    await user.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image to upload');
    const input = screen.getByLabelText('Choose a photo');
    await user.upload(input, file('cv.pdf', 'application/pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a JPEG, JPG, or PNG image');
    await user.upload(input, file('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 5MB limit');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads, says so and clears the input; a failure shows the server message or the fallback', async () => {
    const fetch = stubFetch(
      { status: 200, body: { success: true, message: 'ok', profileimage: '/uploads/photos/a.png' } },
      { status: 400, body: { success: false, message: 'Please upload a JPEG, JPG, or PNG image' } },
      { status: 500 },
    );
    const user = userEvent.setup();
    renderWithSession(<PhotoPanel path={null} name="Asha" />);
    const input = screen.getByLabelText<HTMLInputElement>('Choose a photo');
    await user.upload(input, file('me.png', 'image/png'));
    expect(screen.getByText('Chosen: me.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Profile photo updated successfully!');
    expect(input.value).toBe('');
    const body = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect((body.get('profileimage') as File).name).toBe('me.png');

    await user.upload(input, file('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a JPEG, JPG, or PNG image');

    await user.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByText('Failed to upload image')).toBeInTheDocument();
  });

  it('says "Authentication required" without a token', async () => {
    localStorage.removeItem('token');
    const user = userEvent.setup();
    renderWithSession(<PhotoPanel path={null} name="Asha" />);
    await user.upload(screen.getByLabelText('Choose a photo'), file('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication required');
  });

  it('replaces a photo that fails to load with "Image Error"', async () => {
    renderWithSession(<PhotoPanel path="/uploads/photos/gone.png" name="Asha" />);
    const img = await screen.findByRole('img', { name: 'Profile photo of Asha' });
    img.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('img', { name: 'Image Error' })).toHaveTextContent('Image Error');
  });
});

describe('resume upload', () => {
  it('checks type and size, then uploads and offers the download link', async () => {
    stubFetch(
      { status: 200, body: { success: true, message: 'ok', resume: '/uploads/resumes/r.pdf' } },
      { status: 500 },
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithSession(<ResumePanel path="/uploads/resumes/old.pdf" />);
    expect(screen.getByRole('link', { name: 'Download Resume' })).toHaveAttribute(
      'href',
      '/uploads/resumes/old.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Upload Resume' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a file first');
    const input = screen.getByLabelText('Choose a resume');
    await user.upload(input, file('me.png', 'image/png'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please upload a PDF or Word document (.pdf, .doc, .docx)',
    );
    await user.upload(input, file('cv.pdf', 'application/pdf', 6 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 5MB limit');
    await user.upload(input, file('cv.docx', ''));
    await user.click(screen.getByRole('button', { name: 'Upload Resume' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Resume uploaded successfully!');
    await user.upload(input, file('cv.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload Resume' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload resume. Please try again.');
  });
});
