import { describe, expect, it } from 'vitest';
import * as ko from './i18n/ko/messages.ts';
import {
  adminMessages,
  apiMessages,
  appLoadTexts,
  authTexts,
  failureTexts,
  fieldTexts,
  headerTexts,
  layoutTexts,
  oauthTexts,
  portfolioApiMessages,
  profileMessages,
} from './messages.ts';

/**
 * The logic of the server's and the layout's messages: how long to wait in words (seconds
 * up to a minute, then whole minutes rounded up, singular and plural), the admin refusals' joins,
 * every English text function, and the Korean mirror's functions and topic particle. Expected words
 * written out by hand.
 */
describe('messages (English)', () => {
  it('says how long to wait: seconds below a minute, then minutes rounded up', () => {
    expect(apiMessages.tooManySignInFailures(1)).toBe(
      'Too many failed sign-in attempts. Try again in 1 second.',
    );
    expect(apiMessages.tooManySignInFailures(59)).toBe(
      'Too many failed sign-in attempts. Try again in 59 seconds.',
    );
    expect(apiMessages.tooManySignUps(60)).toBe(
      'Too many sign-ups from your network. Try again in 1 minute.',
    );
    expect(apiMessages.tooManySignUps(61)).toBe(
      'Too many sign-ups from your network. Try again in 2 minutes.',
    );
    expect(portfolioApiMessages.tooManyStopwatchRecords(3600)).toBe(
      'Too many stopwatch records from your network. Try again in 60 minutes.',
    );
    expect(portfolioApiMessages.tooManyWallPosts(90)).toBe(
      'You have posted several messages already. Try again in 2 minutes.',
    );
  });

  it('sign-in, providers and the header', () => {
    expect(authTexts.signedInAsOther('ann')).toBe(
      'You are signed in as ann, who may not open that page. Sign in as someone who may, or go back to',
    );
    expect(oauthTexts.continueWith('Google')).toBe('Continue with Google');
    expect(oauthTexts.notConfigured('Kakao')).toBe('Sign-in with Kakao is not set up on this server.');
    expect(oauthTexts.outcome.cancelled('Kakao')).toBe('Sign-in with Kakao was cancelled.');
    expect(oauthTexts.outcome.expired('Kakao')).toBe(
      'That sign-in with Kakao has expired or was already used. Please try again.',
    );
    expect(oauthTexts.outcome.failed('Kakao')).toBe(
      'Kakao could not confirm your sign-in. Please try again in a moment.',
    );
    expect(oauthTexts.outcome.unverified('Kakao')).toBe(
      'Your Kakao account did not share a verified email address, so it cannot sign you in here. ' +
        'Verify your email with Kakao and allow sharing it, or sign up with a password.',
    );
    expect(oauthTexts.outcome.link('Kakao')).toBe(
      'An account with your Kakao email already exists. Sign in with its password once to link ' +
        'Kakao to it; after that, Kakao signs you in directly.',
    );
    expect(headerTexts.reviewDue(3)).toBe('Review, 3 due today');
    expect(headerTexts.markingDue(2)).toBe('Marking, 2 to mark');
  });

  it('layout: pages, panels and the character counter (thousands separated)', () => {
    expect(layoutTexts.pageOf(2, 7)).toBe('Page 2 of 7');
    expect(layoutTexts.page(2)).toBe('Page 2');
    expect(layoutTexts.movePanel('Notes')).toBe('Move the Notes panel (drag, or use the arrow keys)');
    expect(layoutTexts.characters(1234, 10000)).toBe('1,234 / 10,000 characters');
    expect(layoutTexts.characters(0, 1)).toBe('0 / 1 character');
  });

  it('fields, failures and loading (their objects, read by key)', () => {
    expect(fieldTexts.labels.title).toBe('Title');
    expect(fieldTexts.item(3)).toBe('Item 3');
    expect(fieldTexts.problem('Title', 'must not be empty')).toBe('Title must not be empty');
    expect(failureTexts.accessDenied).toBe('Access Denied!');
    expect(profileMessages.rolesByAdmin).toBe('Roles are changed by an administrator.');
    expect(apiMessages.internal('r-12')).toBe(
      'Something went wrong on our side. If it keeps happening, quote this reference: r-12.',
    );
    expect(appLoadTexts.chunkFailed('12', 'error', '/a.js')).toBe('Loading chunk 12 failed.\n(error: /a.js)');
  });

  it('admin refusals name what they refuse', () => {
    expect(adminMessages.serviceExists('Math')).toBe('A service named "Math" already exists.');
    expect(adminMessages.notSubscribed('ann', 'Math')).toBe('ann is not subscribed to Math.');
    expect(adminMessages.notAParent('ann')).toBe('ann is not a parent account (role PARENT).');
    expect(adminMessages.notLinked('mom', 'ann')).toBe('ann is not linked to mom.');
  });

  it('refusals of marking and review name the submissions, question, student and topic', () => {
    expect(apiMessages.noSubmissions([5])).toBe('No submission 5.');
    expect(apiMessages.noSubmissions([5, 6])).toBe('No submissions 5, 6.');
    expect(apiMessages.noSubmissionsOf([5], 'ann')).toBe('No submission 5 of ann.');
    expect(apiMessages.noSubmissionsOf([5, 6], 'ann')).toBe('No submissions 5, 6 of ann.');
    expect(apiMessages.notAnswered('ann', 7)).toBe('ann has not answered question 7.');
    expect(apiMessages.assignedAgainInReview(7, 'ann')).toBe(
      'Question 7 is assigned to ann again: it comes back to Review once answered.',
    );
    expect(apiMessages.noTopic('loops')).toBe('There is no topic "loops".');
    expect(apiMessages.noTopicSetting('ann', 'loops')).toBe('ann has no setting for the topic "loops".');
    expect(apiMessages.noApiDocFile).toBe('There is no such file of the API page.');
  });

  it('admin refusals join what is unknown', () => {
    expect(adminMessages.unknownNames(['ann', 'bo'], [])).toBe(
      'No student named ann, bo. Nothing was saved.',
    );
    expect(adminMessages.unknownNames([], ['Math'])).toBe('No service named Math. Nothing was saved.');
    expect(adminMessages.unknownNames(['ann'], ['Math', 'Art'])).toBe(
      'No student named ann; No service named Math, Art. Nothing was saved.',
    );
    expect(adminMessages.notStudents(['ann'])).toBe(
      'Only students can be linked to a parent: ann is not a student account. Nothing was saved.',
    );
    expect(adminMessages.notStudents(['ann', 'bo'])).toBe(
      'Only students can be linked to a parent: ann, bo are not student accounts. Nothing was saved.',
    );
  });
});

describe('messages (Korean)', () => {
  it('sign-in, providers and the header', () => {
    expect(ko.authTexts.signedInAsOther('ann')).toBe(
      'ann 계정으로 로그인되어 있어 그 화면은 열 수 없습니다. 열 수 있는 계정으로 로그인하거나, 다시',
    );
    expect(ko.oauthTexts.continueWith('Google')).toBe('Google로 계속하기');
    expect(ko.oauthTexts.notConfigured('Kakao')).toBe('이 서버에는 Kakao 로그인이 설정되어 있지 않습니다.');
    expect(ko.oauthTexts.outcome.cancelled('Kakao')).toBe('Kakao 로그인을 취소했습니다.');
    expect(ko.oauthTexts.outcome.expired('Kakao')).toBe(
      'Kakao 로그인 시간이 지났거나 이미 사용된 요청입니다. 다시 시도해 주세요.',
    );
    expect(ko.oauthTexts.outcome.failed('Kakao')).toBe(
      'Kakao에서 로그인을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    );
    expect(ko.oauthTexts.outcome.unverified('Kakao')).toBe(
      'Kakao 계정에서 인증된 이메일 주소를 받지 못해 이 계정으로는 로그인할 수 없습니다. ' +
        'Kakao에서 이메일 인증과 이메일 제공 동의를 하거나, 비밀번호로 가입해 주세요.',
    );
    expect(ko.oauthTexts.outcome.link('Kakao')).toBe(
      'Kakao 이메일로 가입된 계정이 이미 있습니다. 한 번만 그 계정의 비밀번호로 로그인하면 ' +
        'Kakao 계정이 연결되고, 다음부터는 Kakao로 바로 로그인할 수 있습니다.',
    );
    expect(ko.headerTexts.reviewDue(3)).toBe('복습, 오늘 3개');
    expect(ko.headerTexts.markingDue(2)).toBe('채점, 2개 채점 대기');
  });

  it('says how long to wait: seconds below a minute, then minutes rounded up', () => {
    expect(ko.apiMessages.tooManySignInFailures(59)).toBe(
      '로그인 실패가 너무 많습니다. 59초 후에 다시 시도해 주세요.',
    );
    expect(ko.apiMessages.tooManySignUps(60)).toBe(
      '이 네트워크에서 가입 요청이 너무 많습니다. 1분 후에 다시 시도해 주세요.',
    );
    expect(ko.portfolioApiMessages.tooManyStopwatchRecords(61)).toBe(
      '이 네트워크에서 스톱워치 기록이 너무 많습니다. 2분 후에 다시 시도해 주세요.',
    );
    expect(ko.portfolioApiMessages.tooManyWallPosts(1)).toBe(
      '이미 글을 여러 개 남기셨습니다. 1초 후에 다시 시도해 주세요.',
    );
    expect(ko.apiMessages.internal('r-12')).toBe(
      '서버에서 문제가 생겼습니다. 계속 같은 문제가 생기면 이 참조 번호를 알려 주세요: r-12.',
    );
  });

  it('refusals of marking and review, in Korean', () => {
    expect(ko.apiMessages.noSubmissions([5])).toBe('5번 제출 내역은 없습니다.');
    expect(ko.apiMessages.noSubmissions([5, 6])).toBe('5, 6번 제출 내역은 없습니다.');
    expect(ko.apiMessages.noSubmissionsOf([5, 6], 'ann')).toBe('ann 학생의 제출 내역에 5, 6번은 없습니다.');
    expect(ko.apiMessages.notAnswered('ann', 7)).toBe('ann 학생은 7번 문제에 답한 적이 없습니다.');
    expect(ko.apiMessages.assignedAgainInReview(7, 'ann')).toBe(
      '7번 문제는 ann 학생에게 다시 배정되었습니다. 답하고 나면 복습 목록에 돌아옵니다.',
    );
    expect(ko.apiMessages.noTopic('loops')).toBe('"loops" 주제는 없습니다.');
    expect(ko.apiMessages.noTopicSetting('ann', 'loops')).toBe(
      'ann 학생에게는 "loops" 주제의 설정이 없습니다.',
    );
    expect(ko.apiMessages.noApiDocFile).toBe('API 페이지에 그런 파일은 없습니다.');
  });

  it('failures and profile answers (their objects, read by key)', () => {
    expect(ko.failureTexts.accessDenied).toBe('접근 권한이 없습니다!');
    expect(ko.profileMessages.rolesByAdmin).toBe('역할은 관리자가 바꿉니다.');
  });

  it('layout: pages, panels and the character counter', () => {
    expect(ko.layoutTexts.pageOf(2, 7)).toBe('7쪽 중 2쪽');
    expect(ko.layoutTexts.page(2)).toBe('2쪽');
    expect(ko.layoutTexts.movePanel('메모')).toBe('메모 창 옮기기 (끌거나 화살표 키 사용)');
    expect(ko.layoutTexts.characters(1234, 10000)).toBe('1,234 / 10,000자');
  });

  it("a field's problem takes the topic particle its last syllable needs", () => {
    expect(ko.fieldTexts.item(3)).toBe('3번 항목');
    expect(ko.fieldTexts.labels.title).toBe('제목');
    // 목 ends in a consonant, 제 in a vowel; 가 and 힣 are the first and last Hangul syllables.
    expect(ko.fieldTexts.problem('제목', '비어 있으면 안 됩니다')).toBe('제목은 비어 있으면 안 됩니다');
    expect(ko.fieldTexts.problem('문제', '비어 있으면 안 됩니다')).toBe('문제는 비어 있으면 안 됩니다');
    expect(ko.fieldTexts.problem('가', 'x')).toBe('가는 x');
    expect(ko.fieldTexts.problem('힣', 'x')).toBe('힣은 x');
    expect(ko.fieldTexts.problem('각', 'x')).toBe('각은 x');
    // Not a syllable: a jamo before the block, a character after it, a Latin word.
    expect(ko.fieldTexts.problem('ㄱ', 'x')).toBe('ㄱ은(는) x');
    expect(ko.fieldTexts.problem('\uD7B0', 'x')).toBe('\uD7B0은(는) x');
    expect(ko.fieldTexts.problem('Title', 'x')).toBe('Title은(는) x');
  });

  it('loading failures and admin refusals', () => {
    expect(ko.appLoadTexts.chunkFailed('12', 'error', '/a.js')).toBe(
      '화면 일부(12)를 불러오지 못했습니다.\n(error: /a.js)',
    );
    expect(ko.adminMessages.serviceExists('수학')).toBe('"수학" 서비스가 이미 있습니다.');
    expect(ko.adminMessages.unknownNames(['ann', 'bo'], [])).toBe(
      '없는 학생: ann, bo. 아무것도 저장하지 않았습니다.',
    );
    expect(ko.adminMessages.unknownNames([], ['수학'])).toBe(
      '없는 서비스: 수학. 아무것도 저장하지 않았습니다.',
    );
    expect(ko.adminMessages.unknownNames(['ann'], ['수학', '미술'])).toBe(
      '없는 학생: ann; 없는 서비스: 수학, 미술. 아무것도 저장하지 않았습니다.',
    );
    expect(ko.adminMessages.notSubscribed('ann', '수학')).toBe(
      'ann 학생은 수학 서비스를 구독하고 있지 않습니다.',
    );
    expect(ko.adminMessages.notAParent('ann')).toBe('ann 계정은 학부모 계정(PARENT 역할)이 아닙니다.');
    expect(ko.adminMessages.notStudents(['ann', 'bo'])).toBe(
      '학부모에게는 학생 계정만 연결할 수 있습니다. ann, bo: 학생 계정이 아닙니다. 아무것도 저장하지 않았습니다.',
    );
    expect(ko.adminMessages.notLinked('mom', 'ann')).toBe('ann 학생은 mom 계정에 연결되어 있지 않습니다.');
  });
});
