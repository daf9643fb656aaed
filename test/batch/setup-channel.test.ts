import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offerOnDemand, offerSetup, receiveSetup, type OnDemand } from '../../src/batch/setup-channel.js';

// The channel is a real BroadcastChannel: its instances in one thread reach each other as they would
// across threads.
const setup = { limit: 7, previous: [['c-1', []]] };

describe('the setup channel', () => {
  it('reaches workers that listen before the setup is known', async () => {
    const name = randomUUID();
    const offer = offerSetup(name);
    const early = [receiveSetup<typeof setup>(name), receiveSetup<typeof setup>(name)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    offer.provide(setup);
    expect(await Promise.all(early)).toEqual([setup, setup]);
    offer.close();
  });

  it('reaches a worker that starts listening after the setup was sent', async () => {
    const name = randomUUID();
    const offer = offerSetup(name);
    offer.provide(setup);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await receiveSetup(name)).toEqual(setup);
    offer.close();
  });

  it('carries strings, the lists JSON among them, even one that reads like a hello', async () => {
    const name = randomUUID();
    const offer = offerSetup<string>(name);
    const early = receiveSetup<string>(name);
    offer.provide('hello');
    expect(await early).toBe('hello');
    offer.close();
  });

  it('works a value out only when a worker asks, once, and sends a failure as its message', async () => {
    const name = randomUUID();
    let loads = 0;
    const offer = offerOnDemand(name, async () => `[${++loads}]`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(0);
    const replies = await Promise.all([
      receiveSetup<OnDemand<string>>(name),
      receiveSetup<OnDemand<string>>(name),
    ]);
    expect(replies).toEqual([{ value: '[1]' }, { value: '[1]' }]);
    expect(loads).toBe(1);
    offer.close();

    const failing = randomUUID();
    const broken = offerOnDemand(failing, () => Promise.reject(new Error('the store is closed')));
    expect(await receiveSetup(failing)).toEqual({ error: 'the store is closed' });
    broken.close();
  });
});
