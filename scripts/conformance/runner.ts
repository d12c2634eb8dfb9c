import { PROOF_OF_WORK_REQUIRED } from '../../contract/auth-codes';
import { SUCCESS_STATUS } from '../../contract/envelope';
import { HEADER_PROOF_OF_WORK } from '../../contract/http-headers';
import { LANGUAGES } from '../../contract/languages';
import { createAnswerChecker, type AnswerChecker } from '../../contract/operation-check';
import { operation as operationOf, OPERATIONS, type Operation } from '../../contract/operations';
import { solveProofOfWork } from '../../contract/proof-of-work';
import { PlatformClient, type CallAnswer, type CallRequest } from './client';
import { NOT_SAMPLED, sampleOf, type Sample, type SampleContext } from './samples';

/**
 * The conformance runner (docs/contract.md): checks a platform back end against every call of
 * contract/operations.ts, as the front end makes them, and reports per call and check.
 */

/** What the spec leaves to each platform (docs/contract.md, "Overrides"). */
export interface Overrides {
  /** A call's path on this platform, by operation id (e.g. `ticketLogin`). */
  paths?: Record<string, string>;
  /** The gateway prefix of the multipart uploads ('' for none); `/zuul` by default. */
  gatewayPrefix?: string;
  /** Calls not to check, with the reason the report shows. */
  skip?: Record<string, string>;
}

export interface RunOptions {
  base: string;
  user: string;
  password: string;
  allowWrites: boolean;
  strict: boolean;
  overrides?: Overrides;
}

export type Result = 'pass' | 'fail' | 'skip';

export interface Row {
  call: string;
  check: string;
  result: Result;
  detail: string;
}

interface Envelope {
  status: number;
  message: string;
  data: unknown;
  code: string;
  fieldErrors: unknown[];
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

function describeRefusal(answer: CallAnswer): string {
  if (!isEnvelope(answer.json)) return `HTTP ${String(answer.status)}, not an envelope`;
  return `refused: status ${String(answer.json.status)} ${answer.json.code} ${answer.json.message}`;
}

class Run {
  readonly rows: Row[] = [];
  readonly checker: AnswerChecker;
  client: PlatformClient;
  ctx: SampleContext = { userId: '', unitId: '', userType: '', loginName: '' };

  constructor(readonly options: RunOptions) {
    this.checker = createAnswerChecker(options.strict ? 'strict' : 'lenient');
    this.client = new PlatformClient(options.base);
  }

  record(call: string, check: string, problems: string[], skipped?: string): void {
    if (skipped !== undefined) {
      this.rows.push({ call, check, result: 'skip', detail: skipped });
      return;
    }
    this.rows.push({
      call,
      check,
      result: problems.length === 0 ? 'pass' : 'fail',
      detail: problems.join('; '),
    });
  }

  pathOf(operation: Operation, params: Record<string, string> = {}): string {
    let path = this.options.overrides?.paths?.[operation.id] ?? operation.path;
    const prefix = this.options.overrides?.gatewayPrefix;
    if (prefix !== undefined && path.startsWith('/zuul/')) path = `${prefix}${path.slice(5)}`;
    return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) =>
      encodeURIComponent(params[name] ?? ''),
    );
  }

  request(operation: Operation, sample: Sample, encoding = operation.body?.encodings[0]) {
    const request: CallRequest = {
      method: operation.method,
      path: this.pathOf(operation, sample.params),
      ...(sample.query ? { query: sample.query } : {}),
      ...(sample.body ? { body: sample.body } : {}),
      ...(sample.files ? { files: sample.files } : {}),
      ...(encoding ? { encoding } : {}),
    };
    return request;
  }

  /** The problems of an answer to a valid request of `operation`. */
  problemsOf(operation: Operation, answer: CallAnswer, expect: Sample['expect']): string[] {
    if (answer.status >= 500) return [`HTTP ${String(answer.status)}`];
    if (operation.answer.kind === 'file' && !isEnvelope(answer.json)) {
      if (answer.status !== 200) return [`HTTP ${String(answer.status)}`];
      const wanted = operation.answer.mediaTypes;
      const type = answer.contentType.split(';')[0]?.trim() ?? '';
      const anyType = wanted.includes('application/octet-stream');
      return anyType || wanted.includes(type)
        ? []
        : [`content-type ${type}, not ${wanted.join(' or ')}`];
    }
    if (answer.json === undefined) {
      return [`HTTP ${String(answer.status)} ${answer.contentType || 'without a type'}: not JSON`];
    }
    const problems = this.checker
      .envelope(operation, answer.json)
      .map((problem) => `${problem.field} ${problem.message}`);
    if (problems.length > 0) return problems;
    const envelope = answer.json as Envelope;
    if (
      expect === 'success' &&
      (envelope.status !== SUCCESS_STATUS || operation.answer.kind === 'file')
    ) {
      return [describeRefusal(answer)];
    }
    if (envelope.status === SUCCESS_STATUS && answer.status !== 200) {
      return [`success with HTTP ${String(answer.status)}`];
    }
    return [];
  }

  async signIn(client: PlatformClient): Promise<CallAnswer> {
    const login = operationOf('login');
    const body = { username: this.options.user, password: this.options.password };
    let answer = await client.call({
      method: 'POST',
      path: this.pathOf(login),
      body,
      encoding: 'form',
    });
    if (isEnvelope(answer.json) && answer.json.code === PROOF_OF_WORK_REQUIRED) {
      const data = answer.json.data as { challenge?: unknown } | null;
      const solution = await solveProofOfWork(data?.challenge);
      if (solution === undefined) return answer;
      answer = await client.call({
        method: 'POST',
        path: this.pathOf(login),
        body,
        encoding: 'form',
        headers: { [HEADER_PROOF_OF_WORK]: solution },
      });
    }
    return answer;
  }

  async start(): Promise<boolean> {
    const answer = await this.signIn(this.client);
    const problems = this.problemsOf(operationOf('login'), answer, 'success');
    this.record('login', 'sign in', problems);
    if (problems.length > 0) return false;
    const me = await this.client.call({ method: 'GET', path: this.pathOf(operationOf('me')) });
    const meProblems = this.problemsOf(operationOf('me'), me, 'success');
    this.record('me', 'after sign-in', meProblems);
    if (meProblems.length > 0) return false;
    const user = (me.json as Envelope).data as Record<string, unknown>;
    const text = (value: unknown) =>
      typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    this.ctx = {
      userId: text(user.userId),
      unitId: text(user.unitId),
      userType: text(user.userType),
      loginName: text(user.loginName),
    };
    return true;
  }

  async checkCall(operation: Operation): Promise<void> {
    const skip = this.options.overrides?.skip?.[operation.id];
    if (skip !== undefined) {
      this.record(operation.id, 'call', [], `skipped by the overrides: ${skip}`);
      return;
    }
    const sample = sampleOf(operation.id, this.ctx);
    if (sample) await this.checkAnswers(operation, sample);
    else this.record(operation.id, 'call', [], NOT_SAMPLED[operation.id] ?? 'no sample request');
    await this.checkBadInput(operation, sample);
    if (operation.access === 'session' && sample) await this.checkNoSession(operation, sample);
  }

  async checkAnswers(operation: Operation, sample: Sample): Promise<void> {
    if (operation.writes && !this.options.allowWrites) {
      this.record(operation.id, 'call', [], 'changes stored data: run with --allow-writes');
      return;
    }
    if ((operation.id === 'download' || operation.id === 'downloadForm') && !this.ctx.file) {
      this.record(operation.id, 'call', [], 'no file was uploaded in this run');
      return;
    }
    for (const encoding of operation.body?.encodings ?? [undefined]) {
      const answer = await this.client.call(this.request(operation, sample, encoding));
      const problems = this.problemsOf(operation, answer, sample.expect);
      this.afterCall(operation, answer, problems);
      this.record(operation.id, encoding === undefined ? 'call' : `call (${encoding})`, problems);
      if (problems.length === 0) this.checkPaging(operation, answer);
    }
  }

  /** Keeps what later calls need (the uploaded file, the saved notice) and compares downloads. */
  afterCall(operation: Operation, answer: CallAnswer, problems: string[]): void {
    const data = isEnvelope(answer.json) ? answer.json.data : undefined;
    if (operation.id === 'upload' && problems.length === 0 && typeof data === 'object' && data) {
      const id = (data as { id?: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number') {
        this.ctx.file = {
          id: String(id),
          bytes: sampleOf('upload', this.ctx)?.files?.file?.bytes ?? new Uint8Array(),
        };
      }
    }
    if (operation.id === 'noticeSave' && isEnvelope(answer.json) && answer.json.status === 200) {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'number') this.ctx.noticeId = id;
    }
    if ((operation.id === 'download' || operation.id === 'downloadForm') && problems.length === 0) {
      const expected = this.ctx.file?.bytes ?? new Uint8Array();
      if (Buffer.compare(Buffer.from(answer.bytes), Buffer.from(expected)) !== 0) {
        problems.push('the downloaded bytes differ from the uploaded file');
      }
    }
  }

  checkPaging(operation: Operation, answer: CallAnswer): void {
    if (operation.id !== 'popUpBox' && operation.id !== 'noticeList') return;
    const data = (answer.json as Envelope).data as { list?: unknown; total?: unknown };
    const problems: string[] = [];
    if (!Array.isArray(data.list)) problems.push('data.list is not a list');
    else if (data.list.length > 1)
      problems.push(`size=1 answered ${String(data.list.length)} items`);
    const total = Number(data.total);
    if (!Number.isInteger(total) || total < 0) problems.push('data.total is not a count');
    this.record(operation.id, 'paging (start=1, size=1)', problems);
  }

  /** An empty body or query where the call requires fields: a refusal naming them. */
  async checkBadInput(operation: Operation, sample: Sample | undefined): Promise<void> {
    // Fields the call cannot do without (a field with a default is filled in when missing).
    const required = (schema: unknown) => {
      const object = (schema ?? {}) as { required?: unknown; properties?: Record<string, unknown> };
      if (!Array.isArray(object.required)) return false;
      return object.required.some(
        (name) =>
          (object.properties?.[String(name)] as { default?: unknown } | undefined)?.default ===
          undefined,
      );
    };
    // A multipart upload's refusals are the upload error codes of spec §8, not field errors.
    if (operation.body?.encodings.includes('multipart')) return;
    const bodyRequired = required(operation.body?.schema);
    const queryRequired = required(operation.query);
    if (!bodyRequired && !queryRequired) return;
    const request: CallRequest = {
      method: operation.method,
      path: this.pathOf(operation, sample?.params ?? {}),
      ...(operation.body ? { body: {}, encoding: operation.body.encodings[0] } : {}),
      ...(bodyRequired && sample?.query ? { query: sample.query } : {}),
    };
    const answer = await this.client.call(request);
    const problems: string[] = [];
    if (answer.status >= 500) problems.push(`HTTP ${String(answer.status)}`);
    else if (!isEnvelope(answer.json))
      problems.push(`HTTP ${String(answer.status)}: not an envelope`);
    else {
      problems.push(
        ...this.checker.envelope(operation, answer.json).map((p) => `${p.field} ${p.message}`),
      );
      if (answer.json.status === SUCCESS_STATUS) problems.push('accepted');
      else if (!Array.isArray(answer.json.fieldErrors) || answer.json.fieldErrors.length === 0) {
        problems.push(`no fieldErrors (code ${answer.json.code})`);
      }
    }
    this.record(operation.id, 'bad input refused with fieldErrors', problems);
  }

  async checkNoSession(operation: Operation, sample: Sample): Promise<void> {
    const answer = await this.client.call({ ...this.request(operation, sample), anonymous: true });
    const problems: string[] = [];
    if (answer.status !== 401) problems.push(`HTTP ${String(answer.status)}, not 401`);
    if (!isEnvelope(answer.json) || answer.json.status !== 401)
      problems.push('no envelope of status 401');
    this.record(operation.id, '401 without a session', problems);
  }

  async checkLanguages(): Promise<void> {
    const operation = operationOf('licenseUnitOam');
    const sample = sampleOf(operation.id, this.ctx);
    if (!sample) return;
    for (const language of LANGUAGES) {
      const answer = await this.client.call({ ...this.request(operation, sample), language });
      this.record(
        'languages',
        `${operation.id} in ${language}`,
        this.problemsOf(operation, answer, 'success'),
      );
    }
  }

  /** login → me → refresh → me → relogin → ticket → logout → me refused. */
  async checkSessionFlows(): Promise<void> {
    const call = async (id: string, request: Partial<CallRequest> = {}, client = this.client) => {
      const operation = operationOf(id);
      const answer = await client.call({
        method: operation.method,
        path: this.pathOf(operation),
        ...request,
      });
      return { operation, answer };
    };
    const step = async (
      id: string,
      check: string,
      request: Partial<CallRequest> = {},
      client = this.client,
    ) => {
      const { operation, answer } = await call(id, request, client);
      const problems = this.problemsOf(operation, answer, 'success');
      this.record(id, check, problems);
      return { answer, ok: problems.length === 0 };
    };
    await step('refresh', 'flow: refresh the session');
    await step('me', 'flow: me after refresh');
    const accessToken = this.client.cookies.get('SY_ACCESS_TOKEN');
    if (accessToken === undefined)
      this.record('relogin', 'flow', [], 'the session is not in a cookie named SY_ACCESS_TOKEN');
    else
      await step(
        'relogin',
        'flow: relogin with the access token',
        { body: { accessToken }, encoding: 'form' },
        new PlatformClient(this.options.base),
      );

    const issued = await step('ticketIssue', 'flow: issue a ticket');
    const ticket = isEnvelope(issued.answer.json)
      ? (issued.answer.json.data as { ticket?: unknown } | null)?.ticket
      : undefined;
    if (issued.ok && typeof ticket === 'string') {
      const other = new PlatformClient(this.options.base);
      const exchanged = await step(
        'ticketLogin',
        'flow: exchange the ticket',
        { body: { ticket }, encoding: 'form' },
        other,
      );
      if (exchanged.ok) await step('me', 'flow: me with the ticket session', {}, other);
    }
    await step('logout', 'flow: log out');
    const after = await call('me');
    this.record(
      'me',
      'flow: refused after logout',
      after.answer.status === 401 ? [] : [`HTTP ${String(after.answer.status)}, not 401`],
    );
  }
}

/** Runs every check; the rows in the order run. */
export async function runConformance(options: RunOptions): Promise<Row[]> {
  const run = new Run(options);
  if (!(await run.start())) return run.rows;
  for (const operation of OPERATIONS) {
    if (operation.id === 'logout') continue;
    await run.checkCall(operation);
  }
  await run.checkLanguages();
  await run.checkSessionFlows();
  return run.rows;
}
