import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckInOutcome, QueuedCheckIn } from '../lib/check-in-queue';
import { aScan } from '../lib/test-scans';
import { CheckInStatus, EventChoice } from './door-check-in';

const scan = aScan();

const status = (pending: QueuedCheckIn[], outcomes: CheckInOutcome[]) => {
  render(<CheckInStatus last={scan} pending={pending} outcomes={outcomes} onSend={() => {}} />);
  return screen.getByTestId('check-in-status');
};

describe('the scanner’s check-in at the door (issue 37 item 4)', () => {
  it('says a scan made offline is kept on the device, and how many wait', () => {
    const shown = status([scan], []);
    expect(shown.dataset.result).toBe('queued');
    expect(shown.textContent).toContain('saved on this device');
    expect(screen.getByTestId('check-ins-pending').textContent).toContain(
      '1 check-in waits to be sent.',
    );
  });

  it('says who is checked in where, or since when', () => {
    expect(
      status([], [{ entry: scan, result: 'checked-in', at: scan.scannedAt }]).textContent,
    ).toBe('Meera Kamath is checked in at Ugadi.');
  });

  it('gives a refusal’s reason in the reader’s words', () => {
    const error = Object.assign(new Error('Not registered for this event'), { code: 'PT404' });
    const shown = status([], [{ entry: scan, result: 'refused', error }]);
    expect(shown.dataset.result).toBe('refused');
    expect(shown.textContent).toBe(
      'Meera Kamath is not checked in: not registered for this event.',
    );
  });

  it('offers the events of the day, or says there are none', () => {
    const { rerender } = render(
      <EventChoice
        events={[{ id: 'e1', title: 'Ugadi', event_time: '18:00:00', location: 'Bhavan' }]}
        chosen="e1"
        onChoose={() => {}}
      />,
    );
    expect((screen.getByLabelText('Check in at') as HTMLSelectElement).value).toBe('e1');
    expect(screen.getByRole('option', { name: '18:00 · Ugadi · Bhavan' })).toBeTruthy();
    rerender(<EventChoice events={[]} chosen={null} onChoose={() => {}} />);
    expect(screen.getByText(/No event takes registrations today/)).toBeTruthy();
  });
});
