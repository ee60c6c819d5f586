import { failureText } from './api/client';
import { getReadiness, testDb } from './api/services';

/** What 数据概况 shows about the database: the badge's text, and when it fails, what to do. */
export interface DbCheck {
  ok: boolean;
  text: string;
  /** Who should do what; and the service's own words, for the administrator. */
  advice?: string;
  detail?: string;
}

const ASK_ADMIN = '请联系系统管理员';

/**
 * Why readiness says no, from its 503 message (服务未就绪：<reason>[（cause）]). Read as text, so a
 * reason or cause the service adds later still shows, in the service's words, under the generic advice.
 */
export function explainNotReady(message: string): DbCheck {
  const detail = message.replace(/^服务未就绪[：:]\s*/, '');
  if (/结构未迁移/.test(detail)) {
    return {
      ok: false,
      text: '已连接，但数据库结构未迁移',
      advice: `${ASK_ADMIN}执行数据库迁移：npm run db:migrate（用有建表权限的账号），或设置 DB_MIGRATE=true 后重启服务。`,
      detail,
    };
  }
  if (/正在关闭/.test(detail)) {
    return { ok: false, text: '服务正在关闭', advice: `请稍后重新检测；如一直如此，${ASK_ADMIN}。`, detail };
  }
  if (/数据库不存在/.test(detail)) {
    return {
      ok: false,
      text: '数据库连接失败：配置的数据库不存在',
      advice: `${ASK_ADMIN}创建该数据库，或检查服务的数据库配置（DATABASE_URL 或 DB_NAME）。`,
      detail,
    };
  }
  return {
    ok: false,
    text: '数据库连接失败',
    advice: `${ASK_ADMIN}检查数据库服务器是否在运行，以及服务配置的数据库地址、账号和密码。`,
    detail,
  };
}

/**
 * GET /api/test-db, and when it fails, readiness for the reason: test-db's contract says only
 * 数据库连接失败, also when the database answers but its schema is missing.
 */
export async function checkDatabase(): Promise<DbCheck> {
  let failed: string;
  try {
    const res = await testDb();
    if (res.success) return { ok: true, text: res.message };
    failed = res.message;
  } catch (err) {
    return {
      ok: false,
      text: failureText(err),
      advice: `请稍后重新检测；如一直如此，${ASK_ADMIN}。`,
    };
  }
  try {
    const readiness = await getReadiness();
    if (!readiness.ready) return explainNotReady(readiness.message);
  } catch {
    // no reason to add: the check's own answer stands
  }
  return { ok: false, text: failed, advice: `请重新检测；如一直如此，${ASK_ADMIN}。` };
}
