import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Hint, HINT_DELAY_MS } from './hint.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('Hint tooltip timing (spec section 9: delay 700 ms, skip delay 300 ms)', () => {
  it('opens under the mouse after 700 ms, and the next one at once within 300 ms', () => {
    vi.useFakeTimers();
    render(
      <>
        <Hint label="Vegan">V</Hint>
        <Hint label="Spicy">S</Hint>
      </>,
    );
    const vegan = screen.getByRole('button', { name: 'Vegan' });
    fireEvent.pointerEnter(vegan, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(HINT_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Vegan');

    fireEvent.pointerLeave(vegan, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Spicy' }), { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Spicy');
  });

  it('opens on tap (focus then click) and closes on a tap elsewhere', () => {
    render(
      <>
        <Hint label="Contains fish">F</Hint>
        <p>elsewhere</p>
      </>,
    );
    const fish = screen.getByRole('button', { name: 'Contains fish' });
    fireEvent.focus(fish);
    fireEvent.click(fish);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Contains fish');
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
