import { describe, expect, it } from 'vitest';
import { addressBucket } from './rate-limit.ts';

describe('addressBucket', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:5:7:1234::1', '2001:db8:5:7::/64'],
    ['2001:0db8:0005:0007:ffff:ffff:ffff:ffff', '2001:db8:5:7::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });
});
