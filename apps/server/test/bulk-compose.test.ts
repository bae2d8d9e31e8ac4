import { Code, CsvRowCode } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BULK_STALE_AFTER_SECONDS, runDueBulkComposes } from '../src/domain/bulk-compose/send-rows.ts';
import { multipart, samplePdf, signatureTag } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;
let signer: Session;
let templateId = '';

interface Run {
  runId: string;
  status: string;
  total: number;
  sent: number;
  failed: number;
  cancelled: number;
  secondsLeft: number | null;
  failures: { row: number; code: number; message: string }[];
}

/** Two roles in two SIGN steps, a signature tag each and a custodian text field "Salary". */
async function makeTemplate(s: Session, name: string): Promise<string> {
  const workflow = await t.call<{ workflowId: string }>('POST', '/v2/workflows', {
    token: s.token,
    body: {
      name: `${name} flow`,
      steps: [
        { type: 'SIGN', recipients: [{ kind: 'role', role: 'Employee' }] },
        { type: 'SIGN', recipients: [{ kind: 'role', role: 'Manager' }] },
      ],
    },
  });
  expect(workflow.code).toBe(1);
  const file = multipart([{ name: `${name}.pdf`, bytes: samplePdf(name, 1), type: 'application/pdf' }]);
  const uploaded = await t.call<{ id: string }>('POST', '/v1/documenttemplate/upload', {
    token: s.token,
    query: { templateName: name },
    body: file.body,
    headers: { 'content-type': file.contentType },
  });
  expect(uploaded.code).toBe(1);
  const tagged = await t.call('PUT', `/v1/documenttemplates/${uploaded.data.id}`, {
    token: s.token,
    body: {
      workflowTemplateId: workflow.data.workflowId,
      tags: [
        { ...signatureTag('x@y.test', 1, 1, 60, 500), userEmail: undefined, signerIndex: 0 },
        { ...signatureTag('x@y.test', 2, 1, 300, 500), userEmail: undefined, signerIndex: 0 },
        {
          key: 'text',
          type: 'text',
          label: 'Salary',
          tagFor: 'custodian',
          pageNumber: 1,
          positionX: 60,
          positionY: 400,
          blockWidth: 160,
          blockHeight: 20,
        },
      ],
    },
  });
  expect(tagged.code).toBe(1);
  return uploaded.data.id;
}

function row(i: number, over: Partial<Record<'email' | 'first' | 'phone', string>> = {}) {
  return [
    `Offer ${i}`,
    over.email ?? `employee${i}@example.test`,
    over.first ?? `Emp${i}`,
    'Lee',
    over.phone ?? '9876543210',
    '+91',
    'signer1@demo.test',
    'Sanjay',
    'One',
    '',
    '',
    `${50_000 + i}`,
  ].join(',');
}

async function upload(csv: string | Buffer, s: Session = custodian, id = templateId) {
  const file = multipart([{ name: 'offers.csv', bytes: Buffer.from(csv), type: 'text/csv' }]);
  return t.call<Run>('POST', `/v2/bulkcompose/template/${id}`, {
    token: s.token,
    body: file.body,
    headers: { 'content-type': file.contentType },
  });
}

async function header(): Promise<string> {
  const res = await t.call('GET', `/v2/bulkcompose/template/${templateId}/header`, {
    token: custodian.token,
  });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/csv/);
  return res.raw.trim();
}

const getRun = async (runId: string) =>
  (await t.call<Run>('GET', `/v2/bulkcompose/runs/${runId}`, { token: custodian.token })).data;

/** ePaks of the run's rows, counted in the database: each row at most once. */
async function epaksOf(runId: string) {
  const { rows } = await t.db.raw.query<{ status: string; n: number }>(
    'select e.status, count(*)::int as n from bulk_compose_rows r join epaks e on e.id = r.epak_id and e.tenant_id = r.tenant_id where r.run_id = $1 group by e.status',
    [runId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * What a run's rows became, ids and times left out: each ePak with its steps, recipients (and
 * whether their easy-sign link is stored), documents, tags, activity, request mails, notices and
 * unread flags, in row order.
 */
async function composedOf(runId: string) {
  const { rows } = await t.db.raw.query<{ e: unknown }>(
    `select json_build_object(
       'epak', json_build_object('subject', e.subject, 'message', e.message, 'status', e.status,
         'owner', e.owner_id, 'policy', e.signing_policy, 'tags', e.tags, 'workflow', e.workflow_name,
         'workflowTemplate', e.workflow_template_id, 'reminders', array[e.reminder_interval_days, e.reminder_max],
         'step', e.current_step_order, 'progress', e.progress_percent, 'sent', e.sent_on is not null,
         'expires', e.expired_on is not null, 'callback', e.callback_url),
       'steps', (select json_agg(json_build_object('order', s.step_order, 'type', s.type, 'name', s.name,
           'policy', s.signing_policy, 'min', s.min_required, 'status', s.status) order by s.step_order)
         from workflow_states s where s.epak_id = e.id),
       'recipients', (select json_agg(json_build_object('email', r.email, 'user', r.user_id,
           'position', r.position, 'status', r.status, 'policy', r.signing_policy,
           'link', r.easy_sign_token_hash is not null and r.easy_sign_token_sealed is not null)
           order by s.step_order, r.position)
         from recipients r join workflow_states s on s.id = r.state_id where r.epak_id = e.id),
       'documents', (select json_agg(json_build_object('name', d.name, 'original', d.original_name,
           'position', d.position, 'status', d.status, 'kind', d.kind, 'pages', d.page_count,
           'blob', v.blob_hash, 'size', v.size, 'version', v.version, 'versionKind', v.kind))
         from documents d join document_versions v on v.document_id = d.id where d.epak_id = e.id),
       'tags', (select json_agg(json_build_object('key', g.key, 'type', g.type, 'label', g.label,
           'for', g.tag_for, 'page', g.page_number, 'x', g.position_x, 'y', g.position_y,
           'value', g.value, 'readOnly', g.read_only, 'required', g.required, 'extra', g.extra,
           'recipient', (select r.email from recipients r where r.id = g.recipient_id))
           order by g.position_x, g.position_y)
         from tags g where g.epak_id = e.id),
       'activity', (select json_agg(json_build_object('action', a.action, 'details', a.details,
           'actor', a.actor_user_id) order by a.seq)
         from activity_log a where a.epak_id = e.id),
       'mails', (select json_agg(json_build_object('to', m."to", 'subject', m.subject,
           'text', regexp_replace(m.text, 'secret:[^\\]]+', 'secret', 'g'), 'meta', m.meta - 'epakId'))
         from mail_outbox m where m.meta->>'epakId' = e.id::text),
       'notices', (select json_agg(json_build_object('user', n.user_id, 'type', n.type,
           'title', n.title, 'body', n.body, 'subject', n.subject))
         from notifications n where n.epak_id = e.id),
       'flags', (select json_agg(json_build_object('user', f.user_id, 'read', f.is_read, 'starred', f.starred))
         from epak_user_flags f where f.epak_id = e.id)
     ) as e
     from bulk_compose_rows b join epaks e on e.id = b.epak_id
     where b.run_id = $1 order by b.row_number`,
    [runId],
  );
  return rows.map((r) => r.e);
}

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer1@demo.test');
  templateId = await makeTemplate(custodian, 'Offer letter');
});
afterAll(() => t.close());

describe('bulk compose', () => {
  it('offers a header made of the template’s roles and custodian fields', async () => {
    expect(await header()).toBe(
      'subject,Employee.email,Employee.firstName,Employee.lastName,Employee.phone,Employee.countryCode,Manager.email,Manager.firstName,Manager.lastName,Manager.phone,Manager.countryCode,field.Salary',
    );
    const layout = await t.call<{ roles: { name: string }[]; fields: { name: string }[] }>(
      'GET',
      `/v2/bulkcompose/template/${templateId}`,
      { token: custodian.token },
    );
    expect(layout.data.roles.map((r) => r.name)).toEqual(['Employee', 'Manager']);
    expect(layout.data.fields.map((f) => f.name)).toEqual(['Salary']);
  });

  it('sends each valid row as its own ePak in progress, and returns the failed rows to fix and upload again', async () => {
    const h = await header();
    const bad1 = row(3, { email: 'not-an-email' });
    const bad2 = row(7, { phone: '12' });
    const csv = [h, row(1), row(2), bad1, row(4), row(5), row(6), bad2, row(8), row(9), row(10)].join('\r\n');
    const started = await upload(`\uFEFF${csv}\r\n`);
    expect(started.code).toBe(1);
    expect(started.data).toMatchObject({ status: 'queued', total: 10, failed: 2, sent: 0 });
    expect(started.data.failures.map((f) => [f.row, f.code])).toEqual([
      [4, CsvRowCode.EMAIL],
      [8, CsvRowCode.PHONE],
    ]);

    expect(await runDueBulkComposes(t.deps)).toBe(1);
    const done = await getRun(started.data.runId);
    expect(done).toMatchObject({ status: 'completed', sent: 8, failed: 2, cancelled: 0 });
    expect(await epaksOf(started.data.runId)).toEqual({ InProgress: 8 });

    // The first ePak: its subject, the field's value and its first signer waiting.
    const list = await t.call<{ ePakId: string; subject: string }[]>('GET', '/v2/epaks', {
      token: signer.token,
      query: { folder: 'Pending' },
    });
    expect(list.code).toBe(1);
    const inbox = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending' },
    });
    expect(inbox.data.map((e) => e.subject)).toEqual(expect.arrayContaining(['Offer 1', 'Offer 10']));

    const failed = await t.call('GET', `/v2/bulkcompose/runs/${started.data.runId}/failed`, {
      token: custodian.token,
    });
    expect(failed.status).toBe(200);
    const lines = failed.raw.trim().split('\r\n');
    expect(lines[0]).toBe(`${h},code,message`);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${bad1},-1,`);

    // Fixed in place and uploaded as it came back: the code and message columns are ignored.
    const fixed = failed.raw
      .replace('not-an-email', 'employee3@example.test')
      .replace(',12,', ',9876543217,');
    const again = await upload(fixed);
    expect(again.data).toMatchObject({ total: 2, failed: 0 });
    await runDueBulkComposes(t.deps);
    expect(await getRun(again.data.runId)).toMatchObject({ status: 'completed', sent: 2, failed: 0 });
    expect(await epaksOf(again.data.runId)).toEqual({ InProgress: 2 });
  });

  it('puts a quote before a failed row’s cell a spreadsheet would run, and reads it back as it was when the file is sent again', async () => {
    const h = await header();
    const bad = row(11, { email: '@evil', first: '-2+3' }).replace('Offer 11', '=1+1');
    const started = await upload(`${h}\r\n${bad}\r\n`);
    expect(started.data.failures.map((f) => f.code)).toEqual([CsvRowCode.EMAIL]);
    await runDueBulkComposes(t.deps);
    const failed = await t.call('GET', `/v2/bulkcompose/runs/${started.data.runId}/failed`, {
      token: custodian.token,
    });
    const line = failed.raw.trim().split('\r\n')[1] ?? '';
    // The country code +91 and the code -1 are plain numbers, not formulas: they stay as they are.
    expect(line.startsWith("'=1+1,'@evil,'-2+3,Lee,9876543210,+91,")).toBe(true);
    expect(line).toContain(',-1,');

    const again = await upload(failed.raw.replace("'@evil", 'employee11@example.test'));
    expect(again.data).toMatchObject({ total: 1, failed: 0 });
    await runDueBulkComposes(t.deps);
    const { rows } = await t.db.raw.query<{ subject: string }>(
      'select e.subject from epaks e join bulk_compose_rows r on r.epak_id = e.id where r.run_id = $1',
      [again.data.runId],
    );
    expect(rows).toEqual([{ subject: '=1+1' }]);
  });

  it('fills the custodian field of each ePak with its row’s value', async () => {
    const { rows } = await t.db.raw.query<{ value: string }>(
      "select t.value from tags t join epaks e on e.id = t.epak_id where e.subject = 'Offer 2' and t.label = 'Salary'",
    );
    expect(rows.map((r) => r.value)).toEqual(['50002']);
  });

  it('sends a row in a batch as the use cases send it alone: the same ePak, workflow, tags, mail, notice and activity', async () => {
    const h = await header();
    // Someone new, a member, and someone with an account in another tenant only: the batch
    // goes first, so it is the one that adds the new person and the outsider.
    const rows = [
      row(300),
      row(301, { email: 'signer2@demo.test', first: 'Sunita' }),
      row(302, { email: 'admin@other.test', first: 'Olga' }),
    ];
    const batched = await upload([h, ...rows].join('\r\n'));
    // The batch itself, not its fallback to one row at a time, sends them.
    const warn = vi.spyOn(t.deps.log, 'warn');
    await runDueBulkComposes(t.deps);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    const alone = await upload([h, ...rows].join('\r\n'));
    await runDueBulkComposes(t.deps, { oneByOne: true });
    const many = await composedOf(batched.data.runId);
    expect(many).toHaveLength(3);
    expect(many).toEqual(await composedOf(alone.data.runId));
    const { rows: joined } = await t.db.raw.query(
      `select u.email, m.role, m.status, m.user_type, m.profile_shared from user_tenants m join users u on u.id = m.user_id
       where u.email in ('employee300@example.test', 'admin@other.test') and m.tenant_id = (select tenant_id from epaks where subject = 'Offer 300' limit 1)
       order by u.email`,
    );
    expect(joined).toEqual([
      {
        email: 'admin@other.test',
        role: 'signer',
        status: 'enabled',
        user_type: 'external',
        profile_shared: false,
      },
      {
        email: 'employee300@example.test',
        role: 'signer',
        status: 'enabled',
        user_type: 'external',
        profile_shared: true,
      },
    ]);
  });

  it('writes the request mails of people without a profile language in the uploader’s language', async () => {
    const h = await header();
    const file = multipart([
      { name: 'offres.csv', bytes: Buffer.from([h, row(400)].join('\r\n')), type: 'text/csv' },
    ]);
    const started = await t.call<Run>('POST', `/v2/bulkcompose/template/${templateId}`, {
      token: custodian.token,
      body: file.body,
      headers: { 'content-type': file.contentType, 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    await runDueBulkComposes(t.deps);
    expect(await getRun(started.data.runId)).toMatchObject({ status: 'completed', sent: 1 });
    const { rows } = await t.db.raw.query<{ subject: string; language: string }>(
      "select subject, meta->>'language' as language from mail_outbox where \"to\" = 'employee400@example.test'",
    );
    expect(rows).toEqual([{ subject: 'कृपया हस्ताक्षर करें: Offer 400', language: 'hi' }]);
  });

  it('refuses a file whose header does not fit the template, storing nothing', async () => {
    const h = await header();
    expect((await upload(`${h.replace(/,Manager\.[a-zA-Z]+/g, '')}\r\n${row(1)}\r\n`)).code).toBe(
      Code.CSV_SIGNER_COUNT_MISMATCH,
    );
    expect((await upload(`${h.replace(',field.Salary', '')}\r\n${row(1)}\r\n`)).code).toBe(
      Code.CSV_HEADER_COUNT_MISMATCH,
    );
    expect((await upload(`${h.replace('field.Salary', 'field.Bonus')}\r\n${row(1)}\r\n`)).code).toBe(
      Code.CSV_VALIDATION,
    );
    expect((await upload(`${h}\r\n"unclosed,${row(1)}\r\n`)).code).toBe(Code.CSV_VALIDATION);
    expect((await upload(`${h}\r\n`)).code).toBe(Code.EMPTY_FILE);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => row(i)).join('\r\n');
    expect((await upload(`${h}\r\n${tooMany}\r\n`)).code).toBe(Code.CSV_RECORD_LIMIT);
  });

  it('fails a row with -171 when it leaves a role empty, and -175 when it has more cells than the header', async () => {
    const h = await header();
    const noManager = row(1).replace('signer1@demo.test,Sanjay,One', ',,');
    const res = await upload(`${h}\r\n${noManager}\r\n${row(2)},extra\r\n`);
    expect(res.data.failures.map((f) => f.code)).toEqual([
      Code.CSV_MIN_SIGNERS,
      Code.CSV_HEADER_COUNT_MISMATCH,
    ]);
    expect(res.data.status).toBe('completed');
  });

  it('resumes after a restart midway without sending any row twice', async () => {
    const h = await header();
    const csv = [h, ...Array.from({ length: 30 }, (_, i) => row(100 + i))].join('\r\n');
    const { data } = await upload(csv);
    // The process dies after some rows: the rows it sent are committed, the run stays running.
    const stop = new AbortController();
    let rows = 0;
    await runDueBulkComposes(t.deps, {
      signal: stop.signal,
      onRow: () => ++rows === 5 && stop.abort(),
      batchSize: 5,
    });
    const midway = await epaksOf(data.runId);
    expect(midway.InProgress).toBeGreaterThanOrEqual(5);
    expect(midway.InProgress).toBeLessThan(30);
    expect((await getRun(data.runId)).status).toBe('running');

    // Another process does not take a run whose heartbeat is fresh…
    expect(await runDueBulkComposes(t.deps)).toBe(0);
    // …but takes it up once the heartbeat is stale, and sends only the rows still pending.
    t.clock.advance(BULK_STALE_AFTER_SECONDS + 1);
    expect(await runDueBulkComposes(t.deps)).toBe(1);
    expect(await getRun(data.runId)).toMatchObject({ status: 'completed', sent: 30, failed: 0 });
    expect(await epaksOf(data.runId)).toEqual({ InProgress: 30 });
    const subjects = await t.db.raw.query(
      "select count(*)::int as n, count(distinct subject)::int as d from epaks where subject like 'Offer 1__'",
    );
    expect(subjects.rows[0]).toEqual({ n: 30, d: 30 });
  });

  it('cancels the rows not sent yet', async () => {
    const h = await header();
    const { data } = await upload([h, ...Array.from({ length: 12 }, (_, i) => row(200 + i))].join('\r\n'));
    const stop = new AbortController();
    let rows = 0;
    await runDueBulkComposes(t.deps, {
      signal: stop.signal,
      onRow: () => ++rows === 2 && stop.abort(),
      batchSize: 2,
    });
    const cancelled = await t.call<Run>('POST', `/v2/bulkcompose/runs/${data.runId}/cancel`, {
      token: custodian.token,
    });
    expect(cancelled.data.status).toBe('cancelled');
    expect(cancelled.data.sent + cancelled.data.cancelled).toBe(12);
    t.clock.advance(BULK_STALE_AFTER_SECONDS + 1);
    await runDueBulkComposes(t.deps);
    expect((await epaksOf(data.runId)).InProgress).toBe(cancelled.data.sent);
  });

  it('is for those who compose: a signer is refused, and another’s run is not found', async () => {
    expect((await upload(`${await header()}\r\n${row(1)}\r\n`, signer)).code).toBe(Code.NOT_AUTHORIZED);
    const submitter = await t.signIn('submitter@demo.test');
    const runs = await t.call<{ runs: Run[] }>('GET', '/v2/bulkcompose/runs', { token: custodian.token });
    const someRun = runs.data.runs[0]?.runId ?? '';
    const other = await t.call('GET', `/v2/bulkcompose/runs/${someRun}`, { token: submitter.token });
    expect(other.status).toBe(404);
  });

  it('refreshes the planner’s statistics of the tables it grows while a run goes, not only when autovacuum comes', async () => {
    const analyses = async () =>
      Number(
        (
          await t.db.raw.query<{ n: string }>(
            "select coalesce(sum(analyze_count), 0) as n from pg_stat_user_tables where relname = 'epaks'",
          )
        ).rows[0]?.n ?? 0,
      );
    const before = await analyses();
    const started = await upload(
      `${[await header(), row(101), row(102), row(103), row(104)].join('\r\n')}\r\n`,
    );
    expect(started.data.failed).toBe(0);
    await runDueBulkComposes(t.deps, { batchSize: 2, analyzeEvery: 2 });
    expect(await getRun(started.data.runId)).toMatchObject({ status: 'completed', sent: 4 });
    expect(await analyses()).toBeGreaterThan(before);
  });
});
