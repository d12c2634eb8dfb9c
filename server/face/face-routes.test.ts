import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import { FACE_CODES, FACE_IMAGE_LIMITS, type FaceRecord } from '../../contract/face';
import { DEFAULT_OPTIONS } from '../config';
import {
  cookieOf,
  createTestApp,
  signIn,
  type SignedIn,
  type TestApp,
  TEST_PASSWORD_COST,
} from '../testing/test-app';
import {
  blackPng,
  craftedJpeg,
  craftedPng,
  FACE_FIXTURES,
  faceFixtureBase64,
  faceFixtureBytes,
  sideBySidePng,
} from './face-fixtures';
import { FACE_BODY_LIMIT_BYTES } from './face-routes';

/**
 * The face calls through app.inject with the real engine (Human's models, loaded once per test
 * file on the first face call) and a real SQLite database.
 */

const BILINGUAL = /^[^|]+\|\|\|[^|]+$/;
/** The test clock starts at 2026-03-01 08:00 UTC: 16:00 in China time. */
const START_TIME = '2026-03-01 16:00:00';

const GRACE = faceFixtureBase64(FACE_FIXTURES.grace);
const GRACE_CENTERED = faceFixtureBase64(FACE_FIXTURES.graceCentered);
const ASTRONAUT = faceFixtureBase64(FACE_FIXTURES.astronaut);
const COFFEE = faceFixtureBase64(FACE_FIXTURES.coffee);
const ROCKET = faceFixtureBase64(FACE_FIXTURES.rocket);
const TWO_PEOPLE = sideBySidePng([FACE_FIXTURES.grace, FACE_FIXTURES.astronaut]).toString('base64');
/** 4096×4096, about 50 KB: 48 MB once inflated. */
const BOMB = blackPng(4096, 4096).toString('base64');

interface PostOptions {
  session?: SignedIn;
  userId?: string;
  json?: boolean;
  host?: string;
  remoteAddress?: string;
}

function post(
  t: TestApp,
  url: string,
  faceImage: string,
  { session, userId, json = false, host, remoteAddress }: PostOptions = {},
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = { faceImage, noIntercept: 'true' };
  if (userId !== undefined) fields.userId = userId;
  const headers: Record<string, string> = {
    'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
  };
  if (session) headers.cookie = session.cookie;
  // A session's calls go to its unit's host (the tenancy rule) unless a test says otherwise.
  const requestHost = host ?? session?.host;
  if (requestHost !== undefined) headers.host = requestHost;
  return t.app.inject({
    method: 'POST',
    url,
    headers,
    payload: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

function getRecord(t: TestApp, session: SignedIn | undefined, userId: string) {
  return t.app.inject({
    method: 'GET',
    url: `${API.faceUser}?userId=${userId}`,
    headers: session ? { cookie: session.cookie } : {},
  });
}

function envelope(response: LightMyRequestResponse): ApiEnvelope {
  return response.json<ApiEnvelope>();
}

/** A business refusal: HTTP 200 with the status and code in the envelope, bilingual message. */
function expectRefusal(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode).toBe(200);
  const body = envelope(response);
  expect(body).toMatchObject({ status, code, data: null });
  expect(body.message).toMatch(BILINGUAL);
}

/** A photo refused before recognition: HTTP 400, face_image_invalid, bilingual. */
function expectInvalidImage(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(400);
  const body = envelope(response);
  expect(body).toMatchObject({ status: 400, code: FACE_CODES.invalidImage });
  expect(body.message).toMatch(BILINGUAL);
}

describe('face calls: teacher01 enrolled with grace_hopper_512.jpg', () => {
  let t: TestApp;
  let teacher01: SignedIn;
  let teacher02: SignedIn;
  let staff01: SignedIn;
  let enrolled: LightMyRequestResponse;

  beforeAll(async () => {
    // Many refused photos come from one address here: the throttle is tested on its own below.
    t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      throttle: { ...DEFAULT_OPTIONS.throttle, maxFailuresPerAddress: 1000 },
    });
    teacher01 = await signIn(t.app, 'teacher01');
    teacher02 = await signIn(t.app, 'teacher02');
    staff01 = await signIn(t.app, 'staff01');
    enrolled = await post(t, API.faceCheck, GRACE, { session: teacher01, userId: '10001' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('enrols the face and answers the own record with its register time', async () => {
    expect(enrolled.statusCode).toBe(200);
    expect(envelope(enrolled)).toMatchObject({
      status: 200,
      code: 'ok',
      data: { userId: '10001', registerTime: START_TIME },
    });
    const record = await getRecord(t, teacher01, '10001');
    expect(record.headers['cache-control']).toBe('no-store');
    expect(record.json<ApiEnvelope<FaceRecord>>()).toMatchObject({
      status: 200,
      data: { faceImage: GRACE, registerTime: START_TIME, userId: '10001' },
    });
  });

  it('answers data null for a user without a face and 403 for another user', async () => {
    expect(envelope(await getRecord(t, teacher02, '10002'))).toMatchObject({
      status: 200,
      data: null,
    });
    expectRefusal(await getRecord(t, teacher02, '10001'), 403, FACE_CODES.forbidden);
  });

  it('signs teacher01 in from another crop and scale of the same face', async () => {
    const response = await post(t, API.faceLogin, GRACE_CENTERED);
    expect(envelope(response)).toMatchObject({
      status: 200,
      code: 'ok',
      data: { unitId: '1001', userType: '2' },
    });
    const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
    expect(accessToken).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/uaa/oauth/me',
      headers: { cookie: `SY_ACCESS_TOKEN=${accessToken ?? ''}` },
    });
    expect(me.json<ApiEnvelope<{ loginName: string }>>().data.loginName).toBe('teacher01');
  });

  it('does not recognise another person, and sets no session', async () => {
    const response = await post(t, API.faceLogin, ASTRONAUT, { json: true });
    expectRefusal(response, 400, FACE_CODES.notRecognised);
    expect(cookieOf(response, 'SY_ACCESS_TOKEN')).toBeUndefined();
  });

  it('finds no face in pictures without one (also ignoring the rocket’s weak detection)', async () => {
    expectRefusal(await post(t, API.faceLogin, COFFEE), 400, FACE_CODES.noFace);
    expectRefusal(await post(t, API.faceLogin, ROCKET), 400, FACE_CODES.noFace);
  });

  it('refuses a picture of two people', async () => {
    expectRefusal(await post(t, API.faceLogin, TWO_PEOPLE), 400, FACE_CODES.severalFaces);
  });

  it('looks for the face only among the users of the host’s unit', async () => {
    const response = await post(t, API.faceLogin, GRACE_CENTERED, { host: 'area.localhost' });
    expectRefusal(response, 400, FACE_CODES.notEnrolled);
  });

  it('refuses malformed base64 and other formats before decoding (HTTP 400)', async () => {
    const photos = [
      'not base64 at all!',
      'data:image/jpeg;base64,' + GRACE.slice(0, 100),
      GRACE.slice(0, 101), // a length that cannot be base64
      Buffer.from('GIF89a\x40\x00\x40\x00\x80\x00\x00;;;;;;;;;;', 'latin1').toString('base64'),
      Buffer.from('hello, this is plain text and not a picture').toString('base64'),
    ];
    for (const photo of photos) {
      expectInvalidImage(await post(t, API.faceLogin, photo));
      expectInvalidImage(await post(t, API.faceLogin, photo, { json: true }));
    }
  });

  it('refuses photos over 2 MiB or with sides over 1280 px, read from the header', async () => {
    // One byte over the limit: the base64 still fits the schema's length, the size check refuses.
    const justOver = Buffer.alloc(FACE_IMAGE_LIMITS.maxBytes + 1, 0x41);
    craftedJpeg(100, 100).copy(justOver);
    expect(justOver.toString('base64').length).toBeLessThanOrEqual(
      FACE_IMAGE_LIMITS.maxBase64Length,
    );
    expectInvalidImage(await post(t, API.faceLogin, justOver.toString('base64'), { json: true }));
    // Well over: the schema's maximum length refuses it.
    const wellOver = Buffer.alloc(FACE_IMAGE_LIMITS.maxBytes + 4096, 0x41);
    craftedJpeg(100, 100).copy(wellOver);
    expectInvalidImage(await post(t, API.faceLogin, wellOver.toString('base64')));
    // Crafted headers claiming huge (or tiny) pictures, with no pixels behind them.
    for (const bytes of [
      craftedJpeg(5000, 300),
      craftedPng(300, 4097),
      craftedJpeg(1281, 300),
      craftedPng(300, 1281),
      craftedPng(32, 32),
    ]) {
      expectInvalidImage(await post(t, API.faceLogin, bytes.toString('base64')));
    }
  });

  it('refuses a 4096×4096 PNG of 50 KB from its header, before inflating it', async () => {
    expect(BOMB.length).toBeLessThan(100 * 1024);
    const bomb = await post(t, API.faceLogin, BOMB, { remoteAddress: '10.7.7.7' });
    expectInvalidImage(bomb);
    expect(envelope(bomb).message).toContain('1280');
    // The largest accepted size is read and looked at (a black picture: no face).
    expectRefusal(
      await post(t, API.faceLogin, blackPng(1280, 960).toString('base64'), {
        remoteAddress: '10.7.7.8',
      }),
      400,
      FACE_CODES.noFace,
    );
  });

  it('answers a body over the face limit with 413, and accepts a 2 MB form-encoded photo', async () => {
    const huge = await post(t, API.faceLogin, 'A'.repeat(FACE_BODY_LIMIT_BYTES + 16));
    expect(huge.statusCode).toBe(413);
    expect(envelope(huge)).toMatchObject({ status: 413, code: 'payload_too_large' });
    // Random bytes behind a valid PNG header: ~2.8 MB base64, more once form-encoded. The body
    // is accepted; the decoder then refuses the bytes with the same clear 400.
    const random = Buffer.alloc(FACE_IMAGE_LIMITS.maxBytes - 64);
    for (let i = 0; i < random.length; i += 1) random[i] = (i * 2654435761) >>> 24;
    craftedPng(200, 200).copy(random);
    const encoded = new URLSearchParams({ faceImage: random.toString('base64') }).toString();
    expect(encoded.length).toBeGreaterThan(FACE_IMAGE_LIMITS.maxBase64Length);
    expectInvalidImage(await post(t, API.faceLogin, random.toString('base64')));
  });

  it('refuses a photo the decoder cannot read with the same clear 400, never a 500', async () => {
    const truncated = faceFixtureBytes(FACE_FIXTURES.grace).subarray(0, 4000);
    expectInvalidImage(await post(t, API.faceLogin, truncated.toString('base64')));
    const corruptPng = Buffer.from(faceFixtureBytes(FACE_FIXTURES.astronaut));
    corruptPng.fill(0x5a, 200, 5000);
    expectInvalidImage(await post(t, API.faceLogin, corruptPng.toString('base64')));
  });

  it('refuses a missing userId or faceImage with field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.faceCheck,
      headers: { cookie: teacher01.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ faceImage: GRACE, userId: 'abc' }),
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({
      code: 'invalid_request',
      fieldErrors: [{ field: 'userId' }],
    });
    const noImage = await post(t, API.faceCheck, '', { session: teacher01, userId: '10001' });
    expectInvalidImage(noImage);
    expect(envelope(noImage).fieldErrors).toEqual([
      { field: 'faceImage', message: expect.stringMatching(BILINGUAL) as unknown },
    ]);
  });

  it('needs a session for clocking, enrolment and the record (401 before validation)', async () => {
    for (const response of [
      await post(t, API.faceClocking, GRACE_CENTERED),
      await post(t, API.faceCheck, GRACE, { userId: '10001' }),
      await post(t, API.faceCheck, 'not base64!', { userId: 'x' }),
      await getRecord(t, undefined, '10001'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(envelope(response).code).toBe('unauthorized');
    }
  });

  it('clocks in the recognised user of the session’s unit and stores the row', async () => {
    t.clock.advance(90_000);
    const response = await post(t, API.faceClocking, GRACE_CENTERED, { session: staff01 });
    expect(envelope(response)).toEqual({
      status: 200,
      message: '',
      code: 'ok',
      fieldErrors: [],
      data: {
        userId: '10001',
        userName: 'teacher01',
        realName: '王老师',
        unitId: '1001',
        clockTime: '2026-03-01 16:01:30',
      },
    });
    const rows = await (
      await t.database()
    ).all('SELECT user_id, unit_id, operator_id, clock_time FROM face_clockings');
    expect(rows).toEqual([
      { user_id: 10001, unit_id: 1001, operator_id: 10003, clock_time: t.clock.now() },
    ]);
    // An unknown face is not clocked in.
    expectRefusal(
      await post(t, API.faceClocking, ASTRONAUT, { session: staff01 }),
      400,
      FACE_CODES.notRecognised,
    );
  });

  it('lets only teachers, staff and unit administrators clock in, within their own unit', async () => {
    const db = await t.database();
    const countClockings = async () =>
      (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM face_clockings'))?.n ?? 0;
    const before = await countClockings();
    // A parent and a student may not learn who is in a photo, nor record a clock-in.
    for (const username of ['parent01', 'student01']) {
      const session = await signIn(t.app, username);
      const refused = await post(t, API.faceClocking, GRACE_CENTERED, { session });
      expectRefusal(refused, 403, FACE_CODES.forbidden);
      expect(envelope(refused).message).toMatch(/^只有教师.*\|\|\|Only the accounts of teachers/);
      expect(JSON.stringify(envelope(refused))).not.toContain('teacher01');
      // Refused before the photo is looked at: a bad one gets the same answer.
      expectRefusal(
        await post(t, API.faceClocking, 'not base64!', { session }),
        403,
        FACE_CODES.forbidden,
      );
    }
    expect(await countClockings()).toBe(before);
    // teacher01 (a teacher and unit administrator), teacher02 (a teacher) and staff01 may.
    for (const session of [teacher01, teacher02, staff01]) {
      const allowed = await post(t, API.faceClocking, GRACE_CENTERED, { session });
      expect(envelope(allowed)).toMatchObject({ status: 200, data: { userName: 'teacher01' } });
    }
    expect(await countClockings()).toBe(before + 3);
    // A bureau account may not; made an administrator of its own unit it may, but only finds
    // the faces of that unit (teacher01 is of the school).
    const area01 = await signIn(t.app, 'area01');
    expectRefusal(
      await post(t, API.faceClocking, GRACE_CENTERED, { session: area01 }),
      403,
      FACE_CODES.forbidden,
    );
    await db.run(
      "INSERT INTO user_roles (user_id, role_code, project) VALUES (20001, 'XX_SYS_', 'base')",
    );
    expectRefusal(
      await post(t, API.faceClocking, GRACE_CENTERED, { session: area01 }),
      400,
      FACE_CODES.notEnrolled,
    );
    expect(await countClockings()).toBe(before + 3);
  });

  it('lets only the user themself or an admin of the unit enrol a face', async () => {
    expectRefusal(
      await post(t, API.faceCheck, ASTRONAUT, { session: teacher02, userId: '10001' }),
      403,
      FACE_CODES.forbidden,
    );
    expectRefusal(
      await post(t, API.faceCheck, ASTRONAUT, { session: staff01, userId: '10002' }),
      403,
      FACE_CODES.forbidden,
    );
    // teacher01 is an admin (XX_SYS_ in base) of unit 1001, not of the bureau (area01).
    expectRefusal(
      await post(t, API.faceCheck, ASTRONAUT, { session: teacher01, userId: '20001' }),
      403,
      FACE_CODES.forbidden,
    );
    expectRefusal(
      await post(t, API.faceCheck, ASTRONAUT, { session: teacher01, userId: '99999' }),
      403,
      FACE_CODES.forbidden,
    );
    // Nothing was stored by the refusals.
    expect(envelope(await getRecord(t, teacher02, '10002')).data).toBeNull();
  });
});

describe('face enrolment by an admin, replacement and the single-face rule', () => {
  let t: TestApp;
  let teacher01: SignedIn;
  let staff01: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    teacher01 = await signIn(t.app, 'teacher01');
    staff01 = await signIn(t.app, 'staff01');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('needs exactly one face to enrol, and stores nothing otherwise', async () => {
    expectRefusal(
      await post(t, API.faceCheck, COFFEE, { session: staff01, userId: '10003' }),
      400,
      FACE_CODES.noFace,
    );
    expectRefusal(
      await post(t, API.faceCheck, TWO_PEOPLE, { session: staff01, userId: '10003' }),
      400,
      FACE_CODES.severalFaces,
    );
    expect(envelope(await getRecord(t, staff01, '10003')).data).toBeNull();
    expectRefusal(await post(t, API.faceLogin, GRACE), 400, FACE_CODES.notEnrolled);
  });

  it('lets an admin enrol a user of the unit, and a new photo replaces the old one', async () => {
    const byAdmin = await post(t, API.faceCheck, ASTRONAUT, {
      session: teacher01,
      userId: '10003',
    });
    expect(envelope(byAdmin)).toMatchObject({ status: 200, data: { userId: '10003' } });
    const login = await post(t, API.faceLogin, ASTRONAUT, { json: true });
    expect(envelope(login)).toMatchObject({ status: 200, data: { userType: '4' } });

    t.clock.advance(3_600_000);
    const own = await post(t, API.faceCheck, GRACE, { session: staff01, userId: '10003' });
    expect(envelope(own)).toMatchObject({
      status: 200,
      data: { userId: '10003', registerTime: '2026-03-01 17:00:00' },
    });
    expect(envelope(await getRecord(t, staff01, '10003')).data).toEqual({
      faceImage: GRACE,
      registerTime: '2026-03-01 17:00:00',
      userId: '10003',
    });
    expectRefusal(await post(t, API.faceLogin, ASTRONAUT), 400, FACE_CODES.notRecognised);
    const graceLogin = await post(t, API.faceLogin, GRACE_CENTERED);
    expect(envelope(graceLogin)).toMatchObject({ status: 200, data: { userType: '4' } });
  });
});

describe('face login throttling and disabled accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      throttle: {
        maxFailures: 5,
        maxFailuresPerAddress: 2,
        maxFailuresPerDevice: 10,
        windowSeconds: 900,
        lockSeconds: 300,
        maxInFlightPerAddress: 16,
      },
    });
    const teacher01 = await signIn(t.app, 'teacher01');
    const enrolled = await post(t, API.faceCheck, GRACE, { session: teacher01, userId: '10001' });
    expect(envelope(enrolled).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('counts unrecognised faces against the address, then asks it for a proof of work', async () => {
    const remoteAddress = '10.1.2.3';
    for (let i = 0; i < 2; i += 1) {
      expectRefusal(
        await post(t, API.faceLogin, ASTRONAUT, { remoteAddress }),
        400,
        FACE_CODES.notRecognised,
      );
    }
    // A school's address is never refused: a known face from it proves work first.
    const asked = await post(t, API.faceLogin, GRACE_CENTERED, { remoteAddress });
    expect(envelope(asked)).toMatchObject({ status: 428, code: 'proof_of_work_required' });
    // Another address is not asked.
    const other = await post(t, API.faceLogin, GRACE_CENTERED, { remoteAddress: '10.9.9.9' });
    expect(envelope(other).status).toBe(200);
  });

  it('counts photos without a face and refused photos against the address too', async () => {
    const remoteAddress = '10.5.5.5';
    expectRefusal(await post(t, API.faceLogin, COFFEE, { remoteAddress }), 400, FACE_CODES.noFace);
    expectInvalidImage(await post(t, API.faceLogin, BOMB, { remoteAddress }));
    for (const photo of [GRACE_CENTERED, BOMB]) {
      const asked = await post(t, API.faceLogin, photo, { remoteAddress });
      expect(envelope(asked)).toMatchObject({ status: 428, code: 'proof_of_work_required' });
      expect(envelope(asked).message).toMatch(BILINGUAL);
    }
  });

  it('refuses a recognised but disabled account like the password login (403)', async () => {
    await (await t.database()).run('UPDATE users SET user_status = 0 WHERE id = 10001');
    const response = await post(t, API.faceLogin, GRACE_CENTERED, { remoteAddress: '10.4.4.4' });
    expectRefusal(response, 403, 'account_disabled');
    expect(cookieOf(response, 'SY_ACCESS_TOKEN')).toBeUndefined();
  });
});
