import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offerSetup, receiveSetup } from '../../src/batch/setup-channel.js';

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
});
