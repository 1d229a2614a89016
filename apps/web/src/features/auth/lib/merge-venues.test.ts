import { describe, expect, it } from 'vitest';
import { mergeVenues } from './merge-venues.ts';

const v = (id: string, name: string, role: 'owner' | 'manager') => ({ id, venueUrl: id, name, role });

describe('mergeVenues', () => {
  it.each([
    { name: 'nothing', lists: [[], null], want: [] },
    { name: 'one list, sorted by name', lists: [[v('b', 'Bistro', 'owner'), v('a', 'Anchor', 'manager')]], want: [v('a', 'Anchor', 'manager'), v('b', 'Bistro', 'owner')] },
    { name: 'owner and manager lists, no duplicates', lists: [[v('a', 'Anchor', 'owner')], [v('a', 'Anchor', 'manager'), v('c', 'Casa', 'manager')]], want: [v('a', 'Anchor', 'owner'), v('c', 'Casa', 'manager')] },
    { name: 'manager first, owner wins', lists: [[v('a', 'Anchor', 'manager'), v('a', 'Anchor', 'owner')]], want: [v('a', 'Anchor', 'owner')] },
  ])('$name', ({ lists, want }) => {
    expect(mergeVenues(...lists)).toEqual(want);
  });
});
