import { describe, expect, it } from 'vitest';
import { adminTexts } from './adminTexts.ts';

/**
 * The English admin console's text functions: every function, its plurals one and
 * several, and its lists read by key; the words written out by hand.
 */
describe('admin texts (English)', () => {
  it('services, reloads and the services matrix', () => {
    expect(adminTexts.serviceAdded('Math')).toBe('Service Math is added!');
    expect(adminTexts.reloaded('Calendar')).toBe('Calendar - Reloaded');
    expect(adminTexts.noSuchStudent('zed')).toBe('There is no student named zed.');
    expect(adminTexts.selectStudent('ann')).toBe('Select ann');
    expect(adminTexts.selectService('Math')).toBe('Select Math');
    expect(adminTexts.subscribed('ann', 'Math')).toBe('ann is subscribed to Math');
    expect(adminTexts.removeSubscription('ann', 'Math')).toBe('Remove Math from ann');
    expect(adminTexts.confirmRemoveSubscription('ann', 'Math')).toBe("Remove ann's subscription to Math?");
    expect(adminTexts.subscriptionRemoved('ann', 'Math')).toBe('ann is no longer subscribed to Math.');
  });

  it('counts subscriptions, students and services: one, and several', () => {
    expect(adminTexts.assigned(1)).toBe('Services assigned: 1 new subscription.');
    expect(adminTexts.assigned(4)).toBe('Services assigned: 4 new subscriptions.');
    expect(adminTexts.selectedCount(1, 1)).toBe('1 student × 1 service selected');
    expect(adminTexts.selectedCount(3, 2)).toBe('3 students × 2 services selected');
    // Each count chooses its own word.
    expect(adminTexts.selectedCount(1, 2)).toBe('1 student × 2 services selected');
    expect(adminTexts.selectedCount(3, 1)).toBe('3 students × 1 service selected');
  });

  it('users and topics', () => {
    expect(adminTexts.editOf('ann')).toBe('Edit ann');
    expect(adminTexts.confirmRoles('ann', 'TEACHER, STUDENT')).toBe(
      "Change ann's roles to TEACHER, STUDENT? They will be signed out and sign in again with the new roles.",
    );
    expect(adminTexts.pictureOf('ann')).toBe("ann's picture");
    expect(adminTexts.uploadFor('ann')).toBe('Upload a picture for ann');
    expect(adminTexts.pictureSaved('ann')).toBe("ann's picture is changed.");
    expect(adminTexts.topicAdded('Loops')).toBe('Topic Loops is added.');
    expect(adminTexts.confirmTopics(['Loops', 'Arrays'])).toBe('Are you sure to add topic Loops, Arrays ?');
  });

  it('parents, the wall and the audit', () => {
    expect(adminTexts.childAssigned('ann', 'mom')).toBe('ann is assigned to mom.');
    expect(adminTexts.removeChild('ann', 'mom')).toBe('Remove ann from mom');
    expect(adminTexts.confirmRemoveChild('ann', 'mom')).toBe("Remove ann from mom's children?");
    expect(adminTexts.childRemoved('ann', 'mom')).toBe('ann is no longer linked to mom.');
    expect(adminTexts.wallStates.pending).toBe('Waiting');
    expect(adminTexts.confirmDeletePost('Jin')).toBe("Delete Jin's message for good?");
    expect(adminTexts.postBy('Jin', '2026-11-25')).toBe('Jin, 2026-11-25');
    expect(adminTexts.actions['wall.delete']).toBe('Deleted a wall message');
  });

  it('the mail queue: one and several', () => {
    expect(adminTexts.mailWaiting(0)).toBe('No mail is waiting.');
    expect(adminTexts.mailWaiting(1)).toBe('1 mail is waiting to be sent.');
    expect(adminTexts.mailWaiting(3)).toBe('3 mails are waiting to be sent.');
    expect(adminTexts.mailOldest('10 Mar 2026, 10:00')).toBe('The oldest was written 10 Mar 2026, 10:00.');
    expect(adminTexts.mailFailing(1)).toBe('1 of them has failed at least once.');
    expect(adminTexts.mailFailing(2)).toBe('2 of them have failed at least once.');
    expect(adminTexts.mailAbandoned(1)).toBe('1 mail was given up on in the last 30 days.');
    expect(adminTexts.mailAbandoned(5)).toBe('5 mails were given up on in the last 30 days.');
    expect(adminTexts.mailFailures(1)).toBe('1 failure');
    expect(adminTexts.mailFailures(4)).toBe('4 failures');
    expect(adminTexts.mailNextTry('10:30')).toBe('Tried again 10:30.');
    expect(adminTexts.mailKinds['password-reset']).toBe('Password reset');
  });
});
