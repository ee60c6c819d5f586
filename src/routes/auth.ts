import { z } from 'zod';
import type { Caller } from '../http/auth.js';
import { ROLES } from '../http/roles.js';
import type { RouteRecord } from './records.js';

const authConfigResponse = z
  .union([
    z.strictObject({
      success: z.literal(true),
      enabled: z.literal(true),
      issuer: z.string().describe('身份提供方（AUTH_ISSUER）'),
      clientId: z.string().nullable().describe('页面的客户端 ID（AUTH_CLIENT_ID）；未配置时为 null'),
      scopes: z.string().describe('页面登录时请求的 scope，以空格分隔（AUTH_SCOPES）'),
      rolesClaim: z.string().describe('令牌中角色所在的声明（AUTH_ROLES_CLAIM）'),
    }),
    z.strictObject({ success: z.literal(true), enabled: z.literal(false) }),
  ])
  .meta({ id: 'AuthConfigResponse' });

const settingsResponse = z
  .strictObject({
    success: z.literal(true),
    companyName: z.string().nullable().describe('公司名称（COMPANY_NAME），印在核价单的标题上；未配置时为 null'),
    timeZone: z.string().describe('业务时区（APP_TIMEZONE）：日期筛选与页面、导出显示时间所用'),
  })
  .meta({ id: 'SettingsResponse' });

const authMeResponse = z
  .strictObject({
    success: z.literal(true),
    subject: z.string().nullable().describe('JWT 的主体（sub 等），静态令牌为 token:<令牌编号>；未配置认证时为 null'),
    name: z.string().nullable().describe('显示名称（name、preferred_username、upn …）'),
    clerk: z
      .string()
      .nullable()
      .describe('核价员姓名：令牌中 AUTH_NAME_CLAIM（默认 name）声明的值，工作台“我的”按它筛选核价员；没有时为 null'),
    roles: z.array(z.enum(ROLES)).describe('调用方的角色（未知的角色名不列出）'),
    via: z.enum(['jwt', 'token', 'none']).describe('jwt：身份提供方的令牌；token：API_TOKENS；none：未配置认证（拥有全部角色）'),
  })
  .meta({ id: 'AuthMeResponse' });

/**
 * The page's sign-in: the config route (open) tells it whether and where to sign in; the "me" route
 * (any valid token, whatever its roles) tells it who is signed in and what they may do, so that it
 * hides the exports without `pricing.export`.
 */
export const AUTH_ROUTES: RouteRecord[] = [
  {
    method: 'get',
    path: '/settings',
    access: 'open',
    handler: (ctx, { settings }) => {
      ctx.body = { success: true, companyName: settings.companyName ?? null, timeZone: settings.timeZone };
    },
    doc: {
      operationId: 'getSettings',
      tag: '认证',
      summary: '页面设置（开放，无需令牌）：公司名称与业务时区',
      description: '页面打印核价单时以公司名称为标题。不读数据库。',
      response: { description: '页面设置', json: settingsResponse },
      errors: ['INTERNAL_ERROR'],
    },
  },
  {
    method: 'get',
    path: '/auth/config',
    access: 'open',
    handler: (ctx, { auth }) => {
      ctx.body = auth
        ? {
            success: true,
            enabled: true,
            issuer: auth.issuer,
            clientId: auth.clientId ?? null,
            scopes: auth.scopes,
            rolesClaim: auth.rolesClaim,
          }
        : { success: true, enabled: false };
    },
    doc: {
      operationId: 'getAuthConfig',
      tag: '认证',
      summary: '页面登录设置（开放，无需令牌）',
      description: '配置了 AUTH_ISSUER 时 enabled 为 true，并给出页面以授权码 + PKCE 登录所需的设置；否则只有 enabled: false。',
      response: { description: '登录设置', json: authConfigResponse },
      errors: ['INTERNAL_ERROR'],
    },
  },
  {
    method: 'get',
    path: '/auth/me',
    access: 'any-role',
    handler: (ctx) => {
      const caller = ctx.state.caller as Caller | undefined;
      // No caller here means no authentication is configured at all: everyone may do everything.
      ctx.body = caller
        ? {
            success: true,
            subject: caller.subject,
            name: caller.name ?? null,
            clerk: caller.clerk ?? null,
            roles: caller.roles,
            via: caller.via,
          }
        : { success: true, subject: null, name: null, clerk: null, roles: [...ROLES], via: 'none' };
    },
    doc: {
      operationId: 'getAuthMe',
      tag: '认证',
      summary: '当前登录身份与角色（任一有效令牌，无论角色）',
      description: '页面据此显示姓名，并在没有 pricing.export 角色时隐藏导出按钮。',
      response: { description: '当前身份', json: authMeResponse },
      errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'AUTH_UNAVAILABLE'],
    },
  },
];
