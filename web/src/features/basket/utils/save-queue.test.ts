import { beforeEach, describe, expect, it } from 'vitest';
import { enqueueSave, flushQueue, readQueue, type QueuedSave } from '@/features/basket/utils/save-queue';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';

const payload = { name: 'Lunch 11/23', date: '2026-11-23T04:30:00.000Z', meal_type: 'lunch' as const, foods: [{ food_id: 7, quantity: 150 }] };
const entry = (key: string, owner = '1'): QueuedSave => ({ key, owner, payload, queued_at: '2026-11-23T04:31:00.000Z' });
const offline = () => new ApiError('Network error', { status: 0, code: CLIENT_ERROR_CODES.network });

describe('the queue of meals saved offline', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each save once, in local storage, with its key', () => {
    enqueueSave(entry('k1'));
    enqueueSave(entry('k1'));
    enqueueSave(entry('k2'));
    expect(readQueue().map((queued) => queued.key)).toEqual(['k1', 'k2']);
    expect(JSON.parse(localStorage.getItem('mealSaveQueue') ?? '[]')).toHaveLength(2);
  });

  it('sends each save once, even when two rounds start together, then empties', async () => {
    enqueueSave(entry('k1'));
    enqueueSave(entry('k2'));
    const sent: string[] = [];
    const send = async (queued: QueuedSave) => {
      await Promise.resolve();
      sent.push(queued.key);
    };
    const [first, second] = await Promise.all([flushQueue('1', send), flushQueue('1', send)]);
    expect(sent).toEqual(['k1', 'k2']);
    expect(first).toBe(second);
    expect(readQueue()).toEqual([]);
    expect(localStorage.getItem('mealSaveQueue')).toBeNull();
    await flushQueue('1', send);
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('keeps a save that could not go, and sends it later with the same key', async () => {
    enqueueSave(entry('k1'));
    const keys: string[] = [];
    let online = false;
    const send = async (queued: QueuedSave) => {
      keys.push(queued.key);
      if (!online) throw offline();
    };
    expect(await flushQueue('1', send)).toMatchObject({ sent: [], refused: [], left: 1 });
    expect(readQueue().map((queued) => queued.key)).toEqual(['k1']);
    online = true;
    expect((await flushQueue('1', send)).sent.map((queued) => queued.key)).toEqual(['k1']);
    expect(keys).toEqual(['k1', 'k1']);
    expect(readQueue()).toEqual([]);
  });

  it('drops a save the server refused for good, keeps one it could not take now', async () => {
    enqueueSave(entry('bad'));
    enqueueSave(entry('later'));
    const result = await flushQueue('1', async (queued) => {
      if (queued.key === 'bad') throw new ApiError('Food 7 not found', { status: 404, code: 'FOOD_NOT_FOUND' });
      throw new ApiError('Database unavailable', { status: 503, code: 'DATABASE_UNAVAILABLE' });
    });
    expect(result.refused.map((queued) => queued.key)).toEqual(['bad']);
    expect(readQueue().map((queued) => queued.key)).toEqual(['later']);
  });

  it("sends only the signed-in person's saves", async () => {
    enqueueSave(entry('mine', '1'));
    enqueueSave(entry('theirs', '2'));
    const sent: string[] = [];
    await flushQueue('1', async (queued) => {
      sent.push(queued.key);
    });
    expect(sent).toEqual(['mine']);
    expect(readQueue().map((queued) => queued.key)).toEqual(['theirs']);
  });
});
