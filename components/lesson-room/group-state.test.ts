import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '@/lib/browser/lesson-room/channel';
import { groupEvent, initialGroupState, ownChange } from './group-state';

let seq = 0;
const ev = (side: RoomEvent['side'], kind: RoomEvent['kind'], payload: Record<string, unknown>): RoomEvent => ({ seq: ++seq, side, kind, payload, at: '2025-03-11T10:10:00.000Z' });
const fold = (events: RoomEvent[]) => events.reduce(groupEvent, initialGroupState);

describe('the group room page\'s state from the log', () => {
  it('each participant\'s media from their own presence; the tutor\'s camera off shows on everyone\'s page and stands until let back', () => {
    const s = fold([
      ev('student', 'presence', { audio: true, video: true, from: 7 }),
      ev('server', 'presence', { userId: 7, mutedBy: 'tutor', video: false }),
    ]);
    expect(s.media[7]).toEqual({ audio: true, video: false, hand: false });
    expect(s.blocked[7]).toEqual({ audio: false, video: true });
    const back = fold([ev('server', 'presence', { userId: 7, mutedBy: 'tutor', video: false }), ev('server', 'presence', { userId: 7, allowedBy: 'tutor', video: true })]);
    expect(back.blocked[7]).toEqual({ audio: false, video: false });
    // Letting the camera back does not turn it on: the student does.
    expect(back.media[7]!.video).toBe(false);
    // A student's presence without the server's stamp (`from`) is not taken.
    expect(fold([ev('student', 'presence', { audio: false, video: false })]).media).toEqual({});
  });

  it('the spotlight, the board\'s mode, a removal (which ends that one\'s spotlight)', () => {
    let s = fold([ev('server', 'presence', { spotlight: 9 }), ev('server', 'board', { mode: 'tutor' })]);
    expect([s.spotlight, s.board]).toEqual([9, 'tutor']);
    s = groupEvent(s, ev('server', 'presence', { userId: 9, removed: true }));
    expect([s.spotlight, s.removed]).toEqual([null, [9]]);
    s = groupEvent(groupEvent(s, ev('server', 'presence', { spotlight: 3 })), ev('server', 'board', { mode: 'all' }));
    expect([s.spotlight, s.board]).toEqual([3, 'all']);
    expect(groupEvent(s, ev('server', 'presence', { spotlight: null })).spotlight).toBeNull();
    // A student's stroke is no change of mode.
    expect(groupEvent(s, ev('student', 'board', { elements: [], from: 3 })).board).toBe('all');
  });

  it('what the tutor\'s event does to the participant\'s own page', () => {
    expect(ownChange(ev('server', 'presence', { userId: 7, mutedBy: 'tutor', audio: false }), 7)).toEqual({ kind: 'audio', blocked: true });
    expect(ownChange(ev('server', 'presence', { userId: 7, allowedBy: 'tutor', video: true }), 7)).toEqual({ kind: 'video', blocked: false });
    expect(ownChange(ev('server', 'presence', { userId: 8, mutedBy: 'tutor', audio: false }), 7)).toBeNull();
    expect(ownChange(ev('server', 'presence', { userId: 7, online: true, side: 'student' }), 7)).toBeNull();
  });
});
