/** The error codes of the contract, with their HTTP status and default Chinese message. */
export const ERROR_CODES = {
  INVALID_JSON: { status: 400, message: '请求体不是有效的 JSON 对象' },
  BAD_REQUEST: {
    status: 400,
    message: '请求无法解析：请求行或请求头不合法（网址中的中文等字符须经 URL 编码）；查询接口请用 POST 发送 JSON 请求体',
  },
  VALIDATION_ERROR: { status: 400, message: '请求参数校验失败' },
  EXPORT_TOO_LARGE: { status: 400, message: '导出行数超过上限，请缩小查询范围' },
  UNAUTHORIZED: { status: 401, message: '未授权：缺少或无效的访问令牌' },
  FORBIDDEN: { status: 403, message: '无权访问：登录身份缺少所需的角色' },
  NOT_FOUND: { status: 404, message: '请求的资源不存在' },
  METHOD_NOT_ALLOWED: { status: 405, message: '不支持该请求方法' },
  REQUEST_TIMEOUT: { status: 408, message: '请求超时：请求未在限定时间内发送完整' },
  PAYLOAD_TOO_LARGE: { status: 413, message: '请求体过大' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: '请求体必须是 JSON（Content-Type: application/json）' },
  RATE_LIMITED: { status: 429, message: '请求过于频繁，请稍后再试' },
  HEADERS_TOO_LARGE: { status: 431, message: '请求头过大' },
  INTERNAL_ERROR: { status: 500, message: '服务器内部错误' },
  DB_UNAVAILABLE: { status: 503, message: '数据库暂时不可用' },
  DB_NOT_FOUND: { status: 503, message: '配置的数据库不存在' },
  DB_SCHEMA_MISSING: { status: 503, message: '数据库结构未迁移到最新版本' },
  AUTH_UNAVAILABLE: { status: 503, message: '暂时无法验证登录令牌：身份提供方无法访问，请稍后再试' },
  EXPORTS_BUSY: { status: 503, message: '同时进行的导出过多，请稍后再试' },
  NOT_READY: { status: 503, message: '服务未就绪' },
  QUERY_TIMEOUT: { status: 504, message: '查询超时，请缩小查询范围后重试' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type of the service; the error middleware turns it into the contract's body. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}
