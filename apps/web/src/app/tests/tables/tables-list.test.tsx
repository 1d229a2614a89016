import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

describe('/admin/:id/tables', { timeout: 20_000 }, () => {
  it('lists each table with its guest address', async () => {
    await openBackOffice('/tables');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tables: 5' })).toBeInTheDocument();
    const origin = window.location.origin.replace(/^https?:\/\//, '');
    expect(screen.getByText(`${origin}/trattoria-da-luca?spot=Terrace%20A`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the guest page of table 1' })).toHaveAttribute(
      'href',
      `${window.location.origin}/trattoria-da-luca?spot=1`,
    );
    expect(screen.getByRole('button', { name: 'Download: one page per table' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download: a sheet of cards' })).toBeEnabled();
  });

  describe('QR codes', () => {
    const created: Blob[] = [];
    beforeEach(() => {
      // jsdom has no object URLs: keep the blob the page saves.
      URL.createObjectURL = vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:qr';
      });
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    });
    afterEach(() => {
      created.length = 0;
    });

    it('downloads the PDF as one page per table or as a sheet of cards', async () => {
      const user = userEvent.setup();
      const { backend } = await openBackOffice('/tables');
      await user.click(await screen.findByRole('button', { name: 'Download: a sheet of cards' }));
      expect(await screen.findByText('The PDF is downloaded.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Download: one page per table' }));
      await waitFor(() => expect(backend.callsTo('GET', '/api/venue/qr')).toHaveLength(2));
      expect(backend.callsTo('GET', '/api/venue/qr').map((c) => c.query)).toEqual([
        { venueId: 'venue-luca', layout: 'cards' },
        { venueId: 'venue-luca', layout: 'pages' },
      ]);
      expect(created[0]?.type).toBe('application/pdf');
      expect(await created[0]!.text()).toMatch(/^%PDF-/);
    });

    it('says why when the PDF cannot be made', async () => {
      const user = userEvent.setup();
      await openBackOffice('/tables', {
        refuse: {
          'GET /api/venue/qr': { status: 403, code: 'FORBIDDEN', error: 'You do not have access to this venue.' },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Download: one page per table' }));
      expect(
        await screen.findByText('The PDF could not be made. Your account is not allowed to do this for this venue.'),
      ).toBeInTheDocument();
      expect(created).toHaveLength(0);
    });
  });
});
