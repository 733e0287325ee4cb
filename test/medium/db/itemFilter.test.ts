// The SQL side of attribute filters: kws_attribute_instant reads exactly the ISO dates the domain parser reads
// (src/domain/filter.ts isoInstant), as the same instants, and nothing else.
import assert from 'node:assert/strict';
import { isoInstant } from '../../../src/domain/filter';
import { getMediumStack } from '../../helpers/medium';

describe('kws_attribute_instant', () => {
  it('agrees with the domain parser on dates, date-times, offsets and non-dates', async () => {
    const { db } = (await getMediumStack()).deps;
    const inputs = [
      '2024-06-01',
      '2024-02-29',
      '2023-02-29',
      '2024-06-01T10:30',
      '2024-06-01T10:30:15.123Z',
      '2024-06-01 10:30:15',
      '2024-06-01T10:30:00+02:00',
      '2024-06-01T10:30:00-0330',
      'June 1',
      '2024-6-1',
      '',
    ];
    for (const v of inputs) {
      const { rows } = await db.raw('SELECT kws_attribute_instant(?) AS t', [v]);
      const got = rows[0].t === null ? undefined : new Date(rows[0].t).toISOString();
      assert.equal(got, isoInstant(v)?.toISOString(), v);
    }
  });
});
