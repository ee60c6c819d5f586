/**
 * Generated from GET /api/openapi.json by `npm run web:api-types`: do not edit by hand.
 */

export interface paths {
    "/api/query/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 执行核价查询
         * @description 执行核价查询。请求体为空时等同于 {}；分页与排序与 Ant Design Pro 的 ProTable 一致，排序最后总按 id 升序。
         *
         *     **导出**：请求头 `Accept: text/csv` 或 `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` 时，以相同的请求体返回全部符合条件的行（忽略 current/pageSize，按请求的排序），流式下载；其他 Accept、`*\/*` 或不带 Accept 时返回 JSON 分页。超过 EXPORT_MAX_ROWS 行时返回 400 EXPORT_TOO_LARGE（在开始传输之前判断）。
         *     文件名形如 `核价查询-20261122-093000.xlsx`（APP_TIMEZONE 时间），表头：ID、核价单号、物料编码、物料名称、规格型号、材质、单位、供应商编码、供应商名称、币种、材料费、加工费、二次加工费、其他费用、管理费、利润、未税单价、税率、含税单价、上次批准核价单号、上次批准单价、较上次批准变动率、状态、核价员、核价时间、生效日期、失效日期、备注、更新时间。
         *     CSV 为带 BOM 的 UTF-8；两种文件显示相同的内容：状态、加工类别、计价方式为中文名称（JSON 中为代码），税率为百分比（13%），时间为 APP_TIMEZONE 的当地时间（2026-09-24 15:09:05），日期为 YYYY-MM-DD。xlsx 中数字为数字（税率 0.13 以 13% 显示）、日期与时间为日期单元格。以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。
         */
        post: operations["queryPricing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/secondary-process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 执行二次加工查询
         * @description 执行二次加工查询。请求体为空时等同于 {}；分页与排序与 Ant Design Pro 的 ProTable 一致，排序最后总按 id 升序。
         *
         *     **导出**：请求头 `Accept: text/csv` 或 `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` 时，以相同的请求体返回全部符合条件的行（忽略 current/pageSize，按请求的排序），流式下载；其他 Accept、`*\/*` 或不带 Accept 时返回 JSON 分页。超过 EXPORT_MAX_ROWS 行时返回 400 EXPORT_TOO_LARGE（在开始传输之前判断）。
         *     文件名形如 `二次加工查询-20261122-093000.xlsx`（APP_TIMEZONE 时间），表头：ID、加工单号、物料编码、物料名称、加工名称、加工类别、供应商编码、供应商名称、计价方式、单价、币种、交期（天）、状态、生效日期、失效日期、备注、更新时间。
         *     CSV 为带 BOM 的 UTF-8；两种文件显示相同的内容：状态、加工类别、计价方式为中文名称（JSON 中为代码），税率为百分比（13%），时间为 APP_TIMEZONE 的当地时间（2026-09-24 15:09:05），日期为 YYYY-MM-DD。xlsx 中数字为数字（税率 0.13 以 13% 显示）、日期与时间为日期单元格。以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。
         */
        post: operations["querySecondaryProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/exchange-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 汇率查询：财务系统维护的各币种对人民币汇率
         * @description 汇率查询：财务系统维护的各币种对人民币汇率。请求体为空时等同于 {}；分页与排序与 Ant Design Pro 的 ProTable 一致，排序最后总按 id 升序。
         *
         *     **导出**：请求头 `Accept: text/csv` 或 `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` 时，以相同的请求体返回全部符合条件的行（忽略 current/pageSize，按请求的排序），流式下载；其他 Accept、`*\/*` 或不带 Accept 时返回 JSON 分页。超过 EXPORT_MAX_ROWS 行时返回 400 EXPORT_TOO_LARGE（在开始传输之前判断）。
         *     文件名形如 `汇率查询-20261122-093000.xlsx`（APP_TIMEZONE 时间），表头：ID、币种、汇率（人民币/单位外币）、生效日期、下一汇率生效日期、来源、更新时间。
         *     CSV 为带 BOM 的 UTF-8；两种文件显示相同的内容：状态、加工类别、计价方式为中文名称（JSON 中为代码），税率为百分比（13%），时间为 APP_TIMEZONE 的当地时间（2026-09-24 15:09:05），日期为 YYYY-MM-DD。xlsx 中数字为数字（税率 0.13 以 13% 显示）、日期与时间为日期单元格。以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。
         */
        post: operations["queryExchangeRates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/secondary-process-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 工艺价格统计：按加工名称、类别、计价方式、币种分组的报价条数、最低、中位、最高与最新报价
         * @description 不属于 /api/info 列出的六个操作。条件与二次加工查询相同（没有分页、排序与导出列），另有 on。符合条件的报价按加工名称（去掉首尾空白）、加工类别、计价方式、币种分组：按件与按 kg 的单价、人民币与美元的单价从不合并。每组给出报价条数、最低、中位数（偶数条时取中间两条的平均，四舍五入（远离零）到 4 位小数）、最高，以及最新报价：组内在 on 当日有效（status 为 active、valid_from ≤ on、valid_to 为空或 ≥ on）的报价中生效日期最晚的一条（再按更新时间、id），没有时为 null。按报价条数倒序、再按加工名称、类别、计价方式、币种排序，最多 200 组，totalGroups 为总组数。每次请求一条语句。
         */
        post: operations["querySecondaryProcessStats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/pricing-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 执行核价明细查询
         * @description pricingId、pricingNo、partNo 三者恰好提供一个。无此核价记录时返回 404 NOT_FOUND（核价记录不存在）。
         */
        post: operations["queryPricingDetails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/pricing-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 核价审核：一条核价的历史价格、批准价格汇总与二次加工参考价
         * @description 不属于 /api/info 列出的六个操作。pricing 为核价查询的行（含 previousApprovedPrice、changeRate）；crossCurrencyPrevious：本条币种没有更早的批准价格、而其他币种有时，其中最近的一条按本条核价日的汇率折算为本条币种，并给出折算率、汇率日期与变动率（较上次仍只在同一币种之间比较）；history 为该物料最新的至多 200 条核价（本条总在其中）；approvedSummary 统计本条之前、核价日 12 个月前同一日 0 点（APP_TIMEZONE）起与本条同一币种已批准的单价，otherCurrencySummaries 按同一规则统计其他币种（不同币种不合并）；processReferences 为该物料在本条核价日有效的二次加工报价（至多 200 条），并按名称（两端去空白后逐字相同）对应本条的二次加工明细行。无此核价记录：404 NOT_FOUND（核价记录不存在）。
         */
        post: operations["queryPricingReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/pricing-compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 报价对比：一条核价与同一物料的另一条（默认上次批准的一条）按费用类型与明细行对比
         * @description 不属于 /api/info 列出的六个操作。差异 = 本条 - 基准，差异率 = 差异 / 基准（四舍五入到 4 位小数，基准为 0 时为 null）。明细行按（费用类型，项目名称两端去空白后）配对。pricingId 或 basePricingId 不存在：404 NOT_FOUND；basePricingId 属于另一物料或与 pricingId 相同：400 VALIDATION_ERROR。
         */
        post: operations["queryPricingCompare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/supplier-compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 供应商对比：同一物料各供应商的核价按费用类型并列，标出每行最低
         * @description 不属于 /api/info 列出的六个操作。按 partNo：该物料每个供应商（按供应商编码区分）最新的一条核价（按核价时间，同一时间取 id 较大者），以及该供应商最新批准的一条（与最新的一条不同时）；按 pricingIds：恰好这些核价。每条一列；行为六项费用、未税单价、含税单价与较上次批准变动率。每行最低的列只在同一币种的列之间比较（不换算汇率）；某币种的值不足两个或都相同时不标，并列最低都标。列的币种不同时，converted 另给各金额行按 on（不提供时为今天）的汇率折算为人民币的值、每列的折算率与汇率日期，并在全部列之间标出最低；汇率缺失的列为 null 并列于 missingRates。每次请求一条语句（币种不同时另加一条读汇率），与供应商数无关。物料不存在或没有核价、某个 id 不存在：404 NOT_FOUND；pricingIds 属于不同物料、重复、少于 2 条或多于 5 条：400 VALIDATION_ERROR。请求头 Accept 为 CSV 或 xlsx 时返回同样内容的文件（需要 pricing.export 角色）：每条核价一行（供应商、核价单号、状态、币种、核价时间、各项费用与单价、变动率，币种不同时另有折算率与折合人民币的各项，最后为该行最低的项目），文件名形如 供应商对比-P-100217-20261122-093000.xlsx。
         */
        post: operations["querySupplierCompare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/bom-price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 批量核价：按物料编码与数量给 BOM 计价
         * @description 不属于 /api/info 列出的六个操作。每行取该物料在计价日有效的价格：status 为 approved、validFrom ≤ 计价日、validTo 为空或 ≥ 计价日的核价中 pricedAt 最晚的一条（相同时取 id 较大者）。计价规则 rule（latest、lowest、highest、preferred）决定同一物料在计价日有多条有效价格时取哪一条；每行给出有效价格条数 inForce、其中最低与最高的未税单价与选取方式 chosenBy。金额 = 数量 × 单价（未税与含税），精确计算后四舍五入（远离零）到 4 位小数；合计按币种分别给出，不跨币种相加。提供 reportCurrency 时，每行另给折算率 rate（1 单位本行币种折合多少折算币种）、其汇率的生效日期 rateDate 与来源 rateSource，折算金额 = 数量 × 单价 × 折算率，只在最后四舍五入一次；reportTotal 为各行折算金额之和，并给出因汇率缺失未计入的行数 linesWithoutRate。汇率取汇率表中该币种在计价日有效的一条（生效日期 ≤ 计价日中最晚的一条，同日取 id 较大者）；两个非人民币币种之间的折算率为两者对人民币汇率之比，四舍五入到 8 位小数。rates 中的假设汇率在本次计价中代替汇率表的汇率。reportCurrency 在汇率表中从未有过汇率（且不在 rates 中）：400 VALIDATION_ERROR。每次请求的语句数固定（汇率、物料、有效价格、价格行），与行数无关；1–2000 行。请求头 Accept 为 CSV 或 xlsx 时返回同样内容的文件（每行一行，末尾每个币种一行合计；需要 pricing.export 角色），文件名形如 批量核价-2026-11-20-20261122-093000.xlsx。xlsx 的表头上方写明 BOM 名称（name）、计价日、计价规则与所用汇率；金额与折算金额为公式（数量 × 单价，四舍五入到 4 位小数，缓存服务算出的值），合计在筛选范围之下，为按币种的 SUMIF 与折算金额的 SUM，改动数量后随之重算。suggestion：物料不存在、但与某个现有物料编码只差大小写、全角/半角或不可见字符时给出该编码（不按它计价）；有这样的行时多一条语句。
         */
        post: operations["queryBomPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/query/workbench": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 工作台：今天要处理的事项与近 12 个月的变动率
         * @description 不属于 /api/info 列出的六个操作。每个事项给出行数与打开对应列表的筛选条件（filters，该列表请求体的字段）：以这些条件查询该列表，total 与 count 相同。待审核（status pending）；其中较上次批准价上涨 10% 及以上（minChangeRate 0.1）；已批准且失效日期在今天至 30 天后（validToFrom、validToTo）；二次加工报价状态为有效但失效日期早于今天；最近 7 天（含今天）的新核价（pricedFrom、pricedTo）。monthlyChange：最近 12 个月每月核价（APP_TIMEZONE 的自然月，本月至今天为止）已批准、有变动率的条数与变动率中位数。
         */
        post: operations["queryWorkbench"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stats/tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 获取数据表统计信息 */
        get: operations["getTableStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-db": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 测试数据库连接
         * @description 始终返回 HTTP 200，在 DB_CHECK_TIMEOUT_MS 内给出结果；失败原因只写日志。
         */
        get: operations["testDb"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 获取服务信息 */
        get: operations["getInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus 指标
         * @description 按路由、方法、状态统计的请求数，按路由的延迟直方图，数据库连接池与错误，进程指标。默认不计入 RATE_LIMIT_PER_MINUTE（抓取不会被限流）；RATE_LIMIT_METRICS=true 时计入，才可能返回 429。
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 页面设置（开放，无需令牌）：公司名称与业务时区
         * @description 页面打印核价单时以公司名称为标题。不读数据库。
         */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 页面登录设置（开放，无需令牌）
         * @description 配置了 AUTH_ISSUER 时 enabled 为 true，并给出页面以授权码 + PKCE 登录所需的设置；否则只有 enabled: false。
         */
        get: operations["getAuthConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 当前登录身份与角色（任一有效令牌，无论角色）
         * @description 页面据此显示姓名，并在没有 pricing.export 角色时隐藏导出按钮。
         */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 入口：指向接口文档（/api/docs）与本文档（/api/openapi.json）
         * @description 不属于 /api/info 列出的六个操作；配置了 API_TOKENS 时也无需令牌。`/api/` 同样可用。
         */
        get: operations["getApiIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 本 OpenAPI 3.1 文档 */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 接口文档页面（Swagger UI，随服务一起分发，不依赖 CDN） */
        get: operations["getDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 文档页面所需的静态文件 */
        get: operations["getDocsAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * MCP 服务器：查询操作作为 AI 助手的工具
         * @description Model Context Protocol（2025-06-18）的 Streamable HTTP 传输，无状态（不保留会话，每个请求独立应答，回答为 application/json）。请求头 Accept 须同时含 application/json 与 text/event-stream（MCP 客户端都这样发）。tools/list 列出每个查询操作一个工具，输入为该操作的请求体、输出为其 data；tools/call 以同一个令牌、角色、限流、审计与请求日志执行该操作（从不导出文件），参数错误时返回 isError 的工具结果，写明契约的中文信息与字段。带 Origin 请求头（浏览器页面）时只接受本机（localhost、127.0.0.0/8、[::1]）或 CORS_ORIGINS 列出的来源，其他为 403 FORBIDDEN（防 DNS 重绑定）；MCP 客户端不发 Origin。详见 docs/mcp.md。
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 存活探针（不访问数据库） */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 就绪探针：开始关闭、数据库不可达、不存在或未迁移到最新版本时为 503 NOT_READY */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description 所有错误响应的格式 */
        ErrorBody: {
            /** @enum {boolean} */
            success: false;
            /**
             * @description 错误码
             * @enum {string}
             */
            code: "INVALID_JSON" | "BAD_REQUEST" | "VALIDATION_ERROR" | "EXPORT_TOO_LARGE" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "HEADERS_TOO_LARGE" | "INTERNAL_ERROR" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING" | "AUTH_UNAVAILABLE" | "EXPORTS_BUSY" | "NOT_READY" | "QUERY_TIMEOUT";
            /** @description 中文说明 */
            message: string;
            /** @description 与响应头 X-Request-Id 相同 */
            requestId: string;
            /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
            errors?: {
                /** @description 出错的字段，如 pageSize */
                path: string;
                message: string;
            }[];
        };
        PricingListResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** @description ID */
                id: number;
                /** @description 核价单号 */
                pricingNo: string;
                /** @description 物料编码 */
                partNo: string;
                /** @description 物料名称 */
                partName: string;
                /** @description 规格型号 */
                spec: string | null;
                /** @description 材质 */
                material: string;
                /** @description 单位 */
                unit: string;
                /** @description 供应商编码 */
                supplierCode: string;
                /** @description 供应商名称 */
                supplierName: string;
                /** @description 币种（ISO 4217） */
                currency: string;
                /** @description 材料费（最多 4 位小数） */
                materialCost: number;
                /** @description 加工费（最多 4 位小数） */
                processCost: number;
                /** @description 二次加工费（最多 4 位小数） */
                secondaryProcessCost: number;
                /** @description 其他费用（包装运输等）（最多 4 位小数） */
                otherCost: number;
                /** @description 管理费（最多 4 位小数） */
                managementFee: number;
                /** @description 利润（最多 4 位小数） */
                profit: number;
                /** @description 未税单价（六项费用之和）（最多 4 位小数） */
                unitPrice: number;
                /** @description 税率，如 0.13（最多 4 位小数） */
                taxRate: number;
                /** @description 含税单价（最多 4 位小数） */
                unitPriceWithTax: number;
                /** @description 上次批准核价单号：previousApprovedPrice 所取的那条核价（同一物料、同一币种在本记录之前最近一次 approved 的核价）的单号；没有时为 null（其单价为 0 时仍给出） */
                previousApprovedPricingNo: string | null;
                /** @description 上次批准单价：同一物料、同一币种在本记录之前（按核价时间，同一时间按 id）最近一次 approved 核价的未税单价，不限供应商，不同币种不比较；没有或其单价为 0 时为 null（最多 4 位小数） */
                previousApprovedPrice: number | null;
                /** @description 较上次批准变动率：(unitPrice - previousApprovedPrice) / previousApprovedPrice，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；previousApprovedPrice 为 null 时为 null */
                changeRate: number | null;
                /**
                 * @description 状态
                 * @enum {string}
                 */
                status: "draft" | "pending" | "approved" | "rejected" | "expired";
                /** @description 核价员 */
                pricedBy: string;
                /**
                 * Format: date-time
                 * @description 核价时间（ISO 8601 UTC）
                 */
                pricedAt: string;
                /**
                 * Format: date
                 * @description 生效日期（YYYY-MM-DD）
                 */
                validFrom: string;
                /**
                 * Format: date
                 * @description 失效日期（YYYY-MM-DD）
                 */
                validTo: string | null;
                /** @description 备注 */
                remark: string | null;
                /**
                 * Format: date-time
                 * @description 更新时间（ISO 8601 UTC）
                 */
                updatedAt: string;
            }[];
            /** @description 符合条件的总行数 */
            total: number;
            /** @description 页码 */
            current: number;
            /** @description 每页条数 */
            pageSize: number;
            /** @description 仅在请求带 inForceOn 时给出：本页各物料在该日按批量核价默认规则（latest：有效价格中核价时间最晚、再按 id 较大者）计价采用的核价 id（升序；可能不在本页） */
            latestInForceIds?: number[];
        };
        /** @description 核价查询条件。文本条件：包含匹配（ASCII 不区分大小写，% _ [ \ 按字面匹配），首尾空白会被去掉，空字符串或 null 表示不筛选（每个筛选字段都可为 null），最多 200 个字符，不能包含 U+0000 或不成对的 UTF-16 代理项。日期 YYYY-MM-DD 按 APP_TIMEZONE 的自然日（含首尾），空字符串表示不筛选。跨字段规则：pricedFrom ≤ pricedTo、minPrice ≤ maxPrice、minChangeRate ≤ maxChangeRate、validToFrom ≤ validToTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。按 changeRate 排序时，变动率为空的行无论升序降序都排在最后。 */
        PricingQuery: {
            /**
             * @description 页码，从 1 开始
             * @default 1
             */
            current: number;
            /**
             * @description 每页条数，1..200
             * @default 20
             */
            pageSize: number;
            /** @description 排序，如 {"pricedAt": "descend"}；键的顺序即优先级，最多 3 个，值为 null 的键被忽略 */
            sort?: {
                /** @enum {string|null} */
                pricedAt?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                unitPrice?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                pricingNo?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                partNo?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                updatedAt?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                changeRate?: "ascend" | "descend" | null;
            } | null;
            /** @description 导出（CSV / xlsx）的列及其顺序，为行的字段名；省略或 null 为全部列。JSON 分页总返回全部字段 */
            columns?: ("id" | "pricingNo" | "partNo" | "partName" | "spec" | "material" | "unit" | "supplierCode" | "supplierName" | "currency" | "materialCost" | "processCost" | "secondaryProcessCost" | "otherCost" | "managementFee" | "profit" | "unitPrice" | "taxRate" | "unitPriceWithTax" | "previousApprovedPricingNo" | "previousApprovedPrice" | "changeRate" | "status" | "pricedBy" | "pricedAt" | "validFrom" | "validTo" | "remark" | "updatedAt")[] | null;
            /** @description 关键字：核价单号、物料编码、名称、规格型号、供应商名称中包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            keyword?: string | null;
            /** @description 核价单号包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            pricingNo?: string | null;
            /** @description 物料编码包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            partNo?: string | null;
            /** @description 物料编码为其中之一（如从 Excel 粘贴的一列）；精确匹配，去掉首尾空白，重复与空白项忽略；最多 1000 个；空数组或 null 表示不筛选 */
            partNos?: string[] | null;
            /** @description 物料名称包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            partName?: string | null;
            /** @description 供应商编码或名称包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            supplier?: string | null;
            /** @description 核价员（精确，去掉首尾空白）：工作台的“我的”以登录者的姓名筛选；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            pricedBy?: string | null;
            /** @description 核价状态（任一）；空数组或 null 表示不筛选 */
            status?: ("draft" | "pending" | "approved" | "rejected" | "expired")[] | null;
            /** @description 核价日期起（含），YYYY-MM-DD，按 APP_TIMEZONE 的自然日；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            pricedFrom?: string | "" | null;
            /** @description 核价日期止（含），YYYY-MM-DD，不能早于 pricedFrom；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            pricedTo?: string | "" | null;
            /** @description 未税单价下限（含）；null 表示不筛选 */
            minPrice?: number | null;
            /** @description 未税单价上限（含），不能小于 minPrice；null 表示不筛选 */
            maxPrice?: number | null;
            /** @description 变动率（changeRate）下限（含），如 0.1 即较上次批准价上涨 10% 及以上；变动率为空的行不符合；null 表示不筛选 */
            minChangeRate?: number | null;
            /** @description 变动率（changeRate）上限（含），不能小于 minChangeRate；变动率为空的行不符合；null 表示不筛选 */
            maxChangeRate?: number | null;
            /** @description 仅返回该日有效的价格（APP_TIMEZONE 的自然日）：status 为 approved、validFrom ≤ 日期 且 (validTo 为空 或 ≥ 日期)；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            inForceOn?: string | "" | null;
            /** @description 失效日期起（含）；没有失效日期的行不符合；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validToFrom?: string | "" | null;
            /** @description 失效日期止（含），不能早于 validToFrom；没有失效日期的行不符合；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validToTo?: string | "" | null;
        };
        SecondaryProcessListResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** @description ID */
                id: number;
                /** @description 加工单号 */
                processNo: string;
                /** @description 物料编码 */
                partNo: string;
                /** @description 物料名称 */
                partName: string;
                /** @description 加工名称，如 镀锌、淬火 */
                processName: string;
                /**
                 * @description 加工类别
                 * @enum {string}
                 */
                category: "plating" | "heat_treatment" | "painting" | "anodizing" | "machining" | "welding" | "other";
                /** @description 供应商编码 */
                supplierCode: string;
                /** @description 供应商名称 */
                supplierName: string;
                /**
                 * @description 计价方式
                 * @enum {string}
                 */
                priceBasis: "piece" | "kg" | "dm2" | "batch";
                /** @description 单价（最多 4 位小数） */
                unitPrice: number;
                /** @description 币种（ISO 4217） */
                currency: string;
                /** @description 交期（天） */
                leadTimeDays: number;
                /**
                 * @description 状态
                 * @enum {string}
                 */
                status: "active" | "inactive";
                /**
                 * Format: date
                 * @description 生效日期（YYYY-MM-DD）
                 */
                validFrom: string;
                /**
                 * Format: date
                 * @description 失效日期（YYYY-MM-DD）
                 */
                validTo: string | null;
                /** @description 备注 */
                remark: string | null;
                /**
                 * Format: date-time
                 * @description 更新时间（ISO 8601 UTC）
                 */
                updatedAt: string;
            }[];
            /** @description 符合条件的总行数 */
            total: number;
            /** @description 页码 */
            current: number;
            /** @description 每页条数 */
            pageSize: number;
        };
        /** @description 二次加工查询条件。文本条件：包含匹配（ASCII 不区分大小写，% _ [ \ 按字面匹配），首尾空白会被去掉，空字符串或 null 表示不筛选（每个筛选字段都可为 null），最多 200 个字符，不能包含 U+0000 或不成对的 UTF-16 代理项。validOn 为 YYYY-MM-DD，空字符串表示不筛选。跨字段规则：minPrice ≤ maxPrice、validToFrom ≤ validToTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。 */
        SecondaryProcessQuery: {
            /**
             * @description 页码，从 1 开始
             * @default 1
             */
            current: number;
            /**
             * @description 每页条数，1..200
             * @default 20
             */
            pageSize: number;
            /** @description 排序，如 {"updatedAt": "descend"}；键的顺序即优先级，最多 3 个，值为 null 的键被忽略 */
            sort?: {
                /** @enum {string|null} */
                updatedAt?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                unitPrice?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                processName?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                partNo?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                validFrom?: "ascend" | "descend" | null;
            } | null;
            /** @description 导出（CSV / xlsx）的列及其顺序，为行的字段名；省略或 null 为全部列。JSON 分页总返回全部字段 */
            columns?: ("id" | "processNo" | "partNo" | "partName" | "processName" | "category" | "supplierCode" | "supplierName" | "priceBasis" | "unitPrice" | "currency" | "leadTimeDays" | "status" | "validFrom" | "validTo" | "remark" | "updatedAt")[] | null;
            /** @description 关键字：加工单号、加工名称、物料编码、物料名称、供应商名称中包含；加工类别的中文名（电镀、热处理 …）包含它时，该类别的报价也算匹配；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            keyword?: string | null;
            /** @description 物料编码包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            partNo?: string | null;
            /** @description 物料编码为其中之一（如从 Excel 粘贴的一列）；精确匹配，去掉首尾空白，重复与空白项忽略；最多 1000 个；空数组或 null 表示不筛选 */
            partNos?: string[] | null;
            /** @description 加工名称包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            processName?: string | null;
            /** @description 加工类别（任一）；空数组或 null 表示不筛选 */
            category?: ("plating" | "heat_treatment" | "painting" | "anodizing" | "machining" | "welding" | "other")[] | null;
            /** @description 供应商编码或名称包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            supplier?: string | null;
            /** @description 状态（任一）；空数组或 null 表示不筛选 */
            status?: ("active" | "inactive")[] | null;
            /** @description 单价下限（含）；null 表示不筛选 */
            minPrice?: number | null;
            /** @description 单价上限（含），不能小于 minPrice；null 表示不筛选 */
            maxPrice?: number | null;
            /** @description 仅返回该日有效的报价：valid_from ≤ 日期 且 (valid_to 为空 或 ≥ 日期)；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validOn?: string | "" | null;
            /** @description 失效日期起（含）；没有失效日期的行不符合；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validToFrom?: string | "" | null;
            /** @description 失效日期止（含），不能早于 validToFrom；没有失效日期的行不符合；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validToTo?: string | "" | null;
        };
        ExchangeRateListResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** @description ID */
                id: number;
                /** @description 币种（ISO 4217） */
                currency: string;
                /** @description 汇率（人民币/单位外币）：1 单位该币种折合人民币（最多 8 位小数） */
                rateToCny: number;
                /**
                 * Format: date
                 * @description 生效日期：至同一币种下一条的生效日期前一天有效（YYYY-MM-DD）
                 */
                validFrom: string;
                /**
                 * Format: date
                 * @description 下一汇率生效日期；最新一条为 null（YYYY-MM-DD）
                 */
                nextValidFrom: string | null;
                /** @description 来源 */
                source: string | null;
                /**
                 * Format: date-time
                 * @description 更新时间（ISO 8601 UTC）
                 */
                updatedAt: string;
            }[];
            /** @description 符合条件的总行数 */
            total: number;
            /** @description 页码 */
            current: number;
            /** @description 每页条数 */
            pageSize: number;
        };
        /** @description 汇率查询条件：currency 为币种列表（三位大写字母），validFromFrom / validFromTo 为生效日期范围（含），on 为有效日；日期 YYYY-MM-DD，空字符串或 null 表示不筛选。跨字段规则：validFromFrom ≤ validFromTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。 */
        ExchangeRateQuery: {
            /**
             * @description 页码，从 1 开始
             * @default 1
             */
            current: number;
            /**
             * @description 每页条数，1..200
             * @default 20
             */
            pageSize: number;
            /** @description 排序，如 {"validFrom": "descend"}；键的顺序即优先级，最多 3 个，值为 null 的键被忽略 */
            sort?: {
                /** @enum {string|null} */
                validFrom?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                currency?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                rateToCny?: "ascend" | "descend" | null;
                /** @enum {string|null} */
                updatedAt?: "ascend" | "descend" | null;
            } | null;
            /** @description 导出（CSV / xlsx）的列及其顺序，为行的字段名；省略或 null 为全部列。JSON 分页总返回全部字段 */
            columns?: ("id" | "currency" | "rateToCny" | "validFrom" | "nextValidFrom" | "source" | "updatedAt")[] | null;
            /** @description 币种（任一）；空数组或 null 表示不筛选 */
            currency?: string[] | null;
            /** @description 生效日期起（含）；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validFromFrom?: string | "" | null;
            /** @description 生效日期止（含），不能早于 validFromFrom；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validFromTo?: string | "" | null;
            /** @description 仅返回该日有效的汇率：每个币种生效日期 ≤ 该日的最新一条（同一天有多条时取 id 较大者）；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            on?: string | "" | null;
        };
        SecondaryProcessStatsResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /**
                 * Format: date
                 * @description 最新报价所取的日期（请求的 on，不提供时为今天）（YYYY-MM-DD）
                 */
                on: string;
                /** @description groups 最多列出的组数 */
                limit: number;
                /** @description 符合条件的报价共分多少组（可能多于 limit） */
                totalGroups: number;
                /** @description 按报价条数倒序，再按加工名称、类别、计价方式、币种排序 */
                groups: {
                    /** @description 加工名称（去掉首尾空白：只差首尾空白的名称为同一组） */
                    processName: string;
                    /**
                     * @description 加工类别
                     * @enum {string}
                     */
                    category: "plating" | "heat_treatment" | "painting" | "anodizing" | "machining" | "welding" | "other";
                    /**
                     * @description 计价方式：按件、按 kg、按 dm²、按批的单价不合并统计
                     * @enum {string}
                     */
                    priceBasis: "piece" | "kg" | "dm2" | "batch";
                    /** @description 币种：不同币种不合并统计，不换算汇率 */
                    currency: string;
                    /** @description 报价条数 */
                    count: number;
                    /** @description 最低单价（最多 4 位小数） */
                    min: number;
                    /** @description 中位数（偶数条时取中间两条的平均，四舍五入（远离零）到 4 位小数）（最多 4 位小数） */
                    median: number;
                    /** @description 最高单价（最多 4 位小数） */
                    max: number;
                    /** @description 最新报价：组内在 on 当日有效的报价中生效日期最晚的一条（再按更新时间、id）；没有当日有效的报价时为 null */
                    latest: {
                        /** @description ID */
                        id: number;
                        /** @description 加工单号 */
                        processNo: string;
                        /** @description 单价（最多 4 位小数） */
                        unitPrice: number;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /**
                         * Format: date
                         * @description 生效日期（YYYY-MM-DD）
                         */
                        validFrom: string;
                        /**
                         * Format: date-time
                         * @description 更新时间（ISO 8601 UTC）
                         */
                        updatedAt: string;
                    } | null;
                }[];
            };
        };
        /** @description 二次加工查询的条件（文本条件：包含匹配（ASCII 不区分大小写，% _ [ \ 按字面匹配），首尾空白会被去掉，空字符串或 null 表示不筛选（每个筛选字段都可为 null），最多 200 个字符，不能包含 U+0000 或不成对的 UTF-16 代理项。）；on 为 YYYY-MM-DD（APP_TIMEZONE 的自然日），不提供时为今天。跨字段规则：minPrice ≤ maxPrice、validToFrom ≤ validToTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。 */
        SecondaryProcessStatsQuery: {
            /** @description 关键字：加工单号、加工名称、物料编码、物料名称、供应商名称中包含；加工类别的中文名（电镀、热处理 …）包含它时，该类别的报价也算匹配；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            keyword?: string | null;
            /** @description 物料编码包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            partNo?: string | null;
            /** @description 物料编码为其中之一（如从 Excel 粘贴的一列）；精确匹配，去掉首尾空白，重复与空白项忽略；最多 1000 个；空数组或 null 表示不筛选 */
            partNos?: string[] | null;
            /** @description 加工名称包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            processName?: string | null;
            /** @description 加工类别（任一）；空数组或 null 表示不筛选 */
            category?: ("plating" | "heat_treatment" | "painting" | "anodizing" | "machining" | "welding" | "other")[] | null;
            /** @description 供应商编码或名称包含；首尾空白会被去掉，空字符串或 null 表示不筛选；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            supplier?: string | null;
            /** @description 状态（任一）；空数组或 null 表示不筛选 */
            status?: ("active" | "inactive")[] | null;
            /** @description 单价下限（含）；null 表示不筛选 */
            minPrice?: number | null;
            /** @description 单价上限（含），不能小于 minPrice；null 表示不筛选 */
            maxPrice?: number | null;
            /** @description 仅返回该日有效的报价：valid_from ≤ 日期 且 (valid_to 为空 或 ≥ 日期)；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validOn?: string | "" | null;
            /** @description 失效日期起（含）；没有失效日期的行不符合；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validToFrom?: string | "" | null;
            /** @description 失效日期止（含），不能早于 validToFrom；没有失效日期的行不符合；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选 */
            validToTo?: string | "" | null;
            /**
             * @description 最新报价的日期：取该日有效（status 为 active、valid_from ≤ 日期、valid_to 为空或 ≥ 日期）的报价；不提供时为今天（APP_TIMEZONE）；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选
             * @example 2026-11-20
             */
            on?: string | "" | null;
        };
        PricingDetailsResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** @description 核价记录 */
                pricing: {
                    /** @description ID */
                    id: number;
                    /** @description 核价单号 */
                    pricingNo: string;
                    /** @description 物料编码 */
                    partNo: string;
                    /** @description 物料名称 */
                    partName: string;
                    /** @description 规格型号 */
                    spec: string | null;
                    /** @description 材质 */
                    material: string;
                    /** @description 单位 */
                    unit: string;
                    /** @description 供应商编码 */
                    supplierCode: string;
                    /** @description 供应商名称 */
                    supplierName: string;
                    /** @description 币种（ISO 4217） */
                    currency: string;
                    /** @description 材料费（最多 4 位小数） */
                    materialCost: number;
                    /** @description 加工费（最多 4 位小数） */
                    processCost: number;
                    /** @description 二次加工费（最多 4 位小数） */
                    secondaryProcessCost: number;
                    /** @description 其他费用（包装运输等）（最多 4 位小数） */
                    otherCost: number;
                    /** @description 管理费（最多 4 位小数） */
                    managementFee: number;
                    /** @description 利润（最多 4 位小数） */
                    profit: number;
                    /** @description 未税单价（六项费用之和）（最多 4 位小数） */
                    unitPrice: number;
                    /** @description 税率，如 0.13（最多 4 位小数） */
                    taxRate: number;
                    /** @description 含税单价（最多 4 位小数） */
                    unitPriceWithTax: number;
                    /** @description 上次批准核价单号：previousApprovedPrice 所取的那条核价（同一物料、同一币种在本记录之前最近一次 approved 的核价）的单号；没有时为 null（其单价为 0 时仍给出） */
                    previousApprovedPricingNo: string | null;
                    /** @description 上次批准单价：同一物料、同一币种在本记录之前（按核价时间，同一时间按 id）最近一次 approved 核价的未税单价，不限供应商，不同币种不比较；没有或其单价为 0 时为 null（最多 4 位小数） */
                    previousApprovedPrice: number | null;
                    /** @description 较上次批准变动率：(unitPrice - previousApprovedPrice) / previousApprovedPrice，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；previousApprovedPrice 为 null 时为 null */
                    changeRate: number | null;
                    /**
                     * @description 状态
                     * @enum {string}
                     */
                    status: "draft" | "pending" | "approved" | "rejected" | "expired";
                    /** @description 核价员 */
                    pricedBy: string;
                    /**
                     * Format: date-time
                     * @description 核价时间（ISO 8601 UTC）
                     */
                    pricedAt: string;
                    /**
                     * Format: date
                     * @description 生效日期（YYYY-MM-DD）
                     */
                    validFrom: string;
                    /**
                     * Format: date
                     * @description 失效日期（YYYY-MM-DD）
                     */
                    validTo: string | null;
                    /** @description 备注 */
                    remark: string | null;
                    /**
                     * Format: date-time
                     * @description 更新时间（ISO 8601 UTC）
                     */
                    updatedAt: string;
                };
                /** @description 按 lineNo 排序 */
                details: {
                    /** @description 行号 */
                    lineNo: number;
                    /**
                     * @description 费用类型
                     * @enum {string}
                     */
                    costType: "material" | "process" | "secondary_process" | "other" | "management_fee" | "profit";
                    /** @description 项目名称，如 SPCC 冷轧板 t=1.5、冲压、镀锌 */
                    itemName: string;
                    /** @description 规格 */
                    spec: string | null;
                    /** @description 用量（最多 4 位小数） */
                    quantity: number;
                    /** @description 单位，如 kg、PCS、h、dm2 */
                    unit: string;
                    /** @description 单价（最多 4 位小数） */
                    unitPrice: number;
                    /** @description 金额 = 用量 × 单价（最多 4 位小数） */
                    amount: number;
                    /** @description 备注 */
                    remark: string | null;
                }[];
                summary: {
                    /** @description 按费用类型汇总的金额，六个键都在 */
                    byCostType: {
                        material: number;
                        process: number;
                        secondary_process: number;
                        other: number;
                        management_fee: number;
                        profit: number;
                    };
                    /** @description 明细合计（最多 4 位小数） */
                    detailTotal: number;
                    /** @description 核价单的未税单价（最多 4 位小数） */
                    unitPrice: number;
                    /** @description unitPrice - detailTotal（最多 4 位小数） */
                    difference: number;
                    /** @description |difference| < 0.0001 */
                    consistent: boolean;
                };
            };
        };
        /** @description pricingId、pricingNo、partNo 三者恰好提供一个（空字符串或 null 视为未提供）；一个都没有或多于一个：400 VALIDATION_ERROR。pricingNo、partNo 为精确匹配（去掉首尾空白）。 */
        PricingDetailsQuery: {
            /** @description 核价记录 id（与 pricingNo、partNo 三者恰好提供一个） */
            pricingId?: number;
            /** @description 核价单号（精确）；首尾空白会被去掉，空字符串或 null 视为未提供；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            pricingNo?: string | null;
            /** @description 物料编码（精确）：取该物料最近一次 approved 的核价；首尾空白会被去掉，空字符串或 null 视为未提供；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            partNo?: string | null;
        };
        PricingReviewResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** @description 核价记录 */
                pricing: {
                    /** @description ID */
                    id: number;
                    /** @description 核价单号 */
                    pricingNo: string;
                    /** @description 物料编码 */
                    partNo: string;
                    /** @description 物料名称 */
                    partName: string;
                    /** @description 规格型号 */
                    spec: string | null;
                    /** @description 材质 */
                    material: string;
                    /** @description 单位 */
                    unit: string;
                    /** @description 供应商编码 */
                    supplierCode: string;
                    /** @description 供应商名称 */
                    supplierName: string;
                    /** @description 币种（ISO 4217） */
                    currency: string;
                    /** @description 材料费（最多 4 位小数） */
                    materialCost: number;
                    /** @description 加工费（最多 4 位小数） */
                    processCost: number;
                    /** @description 二次加工费（最多 4 位小数） */
                    secondaryProcessCost: number;
                    /** @description 其他费用（包装运输等）（最多 4 位小数） */
                    otherCost: number;
                    /** @description 管理费（最多 4 位小数） */
                    managementFee: number;
                    /** @description 利润（最多 4 位小数） */
                    profit: number;
                    /** @description 未税单价（六项费用之和）（最多 4 位小数） */
                    unitPrice: number;
                    /** @description 税率，如 0.13（最多 4 位小数） */
                    taxRate: number;
                    /** @description 含税单价（最多 4 位小数） */
                    unitPriceWithTax: number;
                    /** @description 上次批准核价单号：previousApprovedPrice 所取的那条核价（同一物料、同一币种在本记录之前最近一次 approved 的核价）的单号；没有时为 null（其单价为 0 时仍给出） */
                    previousApprovedPricingNo: string | null;
                    /** @description 上次批准单价：同一物料、同一币种在本记录之前（按核价时间，同一时间按 id）最近一次 approved 核价的未税单价，不限供应商，不同币种不比较；没有或其单价为 0 时为 null（最多 4 位小数） */
                    previousApprovedPrice: number | null;
                    /** @description 较上次批准变动率：(unitPrice - previousApprovedPrice) / previousApprovedPrice，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；previousApprovedPrice 为 null 时为 null */
                    changeRate: number | null;
                    /**
                     * @description 状态
                     * @enum {string}
                     */
                    status: "draft" | "pending" | "approved" | "rejected" | "expired";
                    /** @description 核价员 */
                    pricedBy: string;
                    /**
                     * Format: date-time
                     * @description 核价时间（ISO 8601 UTC）
                     */
                    pricedAt: string;
                    /**
                     * Format: date
                     * @description 生效日期（YYYY-MM-DD）
                     */
                    validFrom: string;
                    /**
                     * Format: date
                     * @description 失效日期（YYYY-MM-DD）
                     */
                    validTo: string | null;
                    /** @description 备注 */
                    remark: string | null;
                    /**
                     * Format: date-time
                     * @description 更新时间（ISO 8601 UTC）
                     */
                    updatedAt: string;
                };
                /** @description 历史价格：该物料的全部核价（有上限） */
                history: {
                    /** @description 该物料的核价记录总数 */
                    total: number;
                    /** @description rows 最多列出的条数（最新的若干条） */
                    limit: number;
                    /** @description 按核价时间、id 倒序；正在审核的一条总在其中（较早时列在最后） */
                    rows: {
                        /** @description ID */
                        id: number;
                        /** @description 核价单号 */
                        pricingNo: string;
                        /** @description 供应商编码 */
                        supplierCode: string;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /**
                         * @description 状态
                         * @enum {string}
                         */
                        status: "draft" | "pending" | "approved" | "rejected" | "expired";
                        /** @description 币种（单价按原币种列出，不做换算） */
                        currency: string;
                        /** @description 未税单价（最多 4 位小数） */
                        unitPrice: number;
                        /**
                         * Format: date-time
                         * @description 核价时间（ISO 8601 UTC）
                         */
                        pricedAt: string;
                        /** @description 是否为正在审核的这一条 */
                        current: boolean;
                    }[];
                };
                /** @description 批准价格汇总：与本条同一币种 */
                approvedSummary: {
                    /** @description 币种 */
                    currency: string;
                    /** @description 该物料在此币种最近一次批准的核价（不论早于或晚于本条）；没有时为 null */
                    latest: {
                        /** @description ID */
                        id: number;
                        /** @description 核价单号 */
                        pricingNo: string;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /** @description 币种 */
                        currency: string;
                        /** @description 未税单价（最多 4 位小数） */
                        unitPrice: number;
                        /**
                         * Format: date-time
                         * @description 核价时间（ISO 8601 UTC）
                         */
                        pricedAt: string;
                    } | null;
                    /**
                     * Format: date-time
                     * @description 统计窗口起点：本条核价日（APP_TIMEZONE）12 个月前同一日的 0 点（ISO 8601 UTC）
                     */
                    windowFrom: string;
                    /**
                     * Format: date-time
                     * @description 统计窗口终点：本条的核价时间（不含本条；同一时间按 id 较小者在前）（ISO 8601 UTC）
                     */
                    windowTo: string;
                    /** @description 窗口内已批准的核价条数 */
                    count: number;
                    /** @description 窗口内批准单价的最小值（最多 4 位小数） */
                    min: number | null;
                    /** @description 中位数（偶数条时取中间两条的平均，四舍五入到 4 位小数）（最多 4 位小数） */
                    median: number | null;
                    /** @description 最大值（最多 4 位小数） */
                    max: number | null;
                };
                /** @description 该物料在其他币种的批准价格汇总，按币种排序；不同币种从不合并统计，也不与本条比较 */
                otherCurrencySummaries: {
                    /** @description 币种 */
                    currency: string;
                    /** @description 该物料在此币种最近一次批准的核价（不论早于或晚于本条）；没有时为 null */
                    latest: {
                        /** @description ID */
                        id: number;
                        /** @description 核价单号 */
                        pricingNo: string;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /** @description 币种 */
                        currency: string;
                        /** @description 未税单价（最多 4 位小数） */
                        unitPrice: number;
                        /**
                         * Format: date-time
                         * @description 核价时间（ISO 8601 UTC）
                         */
                        pricedAt: string;
                    } | null;
                    /**
                     * Format: date-time
                     * @description 统计窗口起点：本条核价日（APP_TIMEZONE）12 个月前同一日的 0 点（ISO 8601 UTC）
                     */
                    windowFrom: string;
                    /**
                     * Format: date-time
                     * @description 统计窗口终点：本条的核价时间（不含本条；同一时间按 id 较小者在前）（ISO 8601 UTC）
                     */
                    windowTo: string;
                    /** @description 窗口内已批准的核价条数 */
                    count: number;
                    /** @description 窗口内批准单价的最小值（最多 4 位小数） */
                    min: number | null;
                    /** @description 中位数（偶数条时取中间两条的平均，四舍五入到 4 位小数）（最多 4 位小数） */
                    median: number | null;
                    /** @description 最大值（最多 4 位小数） */
                    max: number | null;
                }[];
                /** @description 该物料在本条币种没有更早的批准价格、但在其他币种有时：其中最近的一条，按本条核价日的汇率折算为本条币种后比较；否则为 null（较上次只在同一币种之间比较） */
                crossCurrencyPrevious: {
                    /** @description 本条之前最近一次批准的核价（另一币种） */
                    pricing: {
                        /** @description ID */
                        id: number;
                        /** @description 核价单号 */
                        pricingNo: string;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /** @description 币种 */
                        currency: string;
                        /** @description 未税单价（最多 4 位小数） */
                        unitPrice: number;
                        /**
                         * Format: date-time
                         * @description 核价时间（ISO 8601 UTC）
                         */
                        pricedAt: string;
                    };
                    /**
                     * Format: date
                     * @description 本条核价日（APP_TIMEZONE）：折算所用汇率的日期（YYYY-MM-DD）
                     */
                    day: string;
                    /** @description 折算率：1 单位该核价币种折合本条币种（最多 8 位小数）；汇率缺失时为 null */
                    rate: number | null;
                    /** @description 所用汇率表汇率的生效日期（两个汇率时取较晚者） */
                    rateDate: string | null;
                    /** @description 该核价的未税单价按折算率折为本条币种（一次四舍五入到 4 位小数） */
                    convertedUnitPrice: number | null;
                    /** @description 本条未税单价较折算后上次批准价的变动率：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null */
                    changeRate: number | null;
                    /** @description 该日没有汇率的币种 */
                    missingRates: string[];
                } | null;
                /** @description 二次加工参考价 */
                processReferences: {
                    /**
                     * Format: date
                     * @description 本条核价日（APP_TIMEZONE）（YYYY-MM-DD）
                     */
                    day: string;
                    /** @description 当日有效的二次加工报价条数 */
                    total: number;
                    /** @description rows 最多列出的条数 */
                    limit: number;
                    /** @description 该物料当日有效的二次加工报价，按加工名称、单价、id 排序 */
                    rows: {
                        /** @description ID */
                        id: number;
                        /** @description 加工单号 */
                        processNo: string;
                        /** @description 加工名称 */
                        processName: string;
                        /**
                         * @description 加工类别
                         * @enum {string}
                         */
                        category: "plating" | "heat_treatment" | "painting" | "anodizing" | "machining" | "welding" | "other";
                        /** @description 供应商编码 */
                        supplierCode: string;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /**
                         * @description 计价方式
                         * @enum {string}
                         */
                        priceBasis: "piece" | "kg" | "dm2" | "batch";
                        /** @description 单价（最多 4 位小数） */
                        unitPrice: number;
                        /** @description 币种 */
                        currency: string;
                        /**
                         * @description 状态
                         * @enum {string}
                         */
                        status: "active" | "inactive";
                        /**
                         * Format: date
                         * @description 生效日期（YYYY-MM-DD）
                         */
                        validFrom: string;
                        /**
                         * Format: date
                         * @description 失效日期（YYYY-MM-DD）
                         */
                        validTo: string | null;
                    }[];
                    /** @description 本条的二次加工（secondary_process）明细行，各带名称相同的参考价 */
                    lines: {
                        /** @description 行号 */
                        lineNo: number;
                        /** @description 项目名称 */
                        itemName: string;
                        /** @description 用量（最多 4 位小数） */
                        quantity: number;
                        /** @description 单位 */
                        unit: string;
                        /** @description 单价（最多 4 位小数） */
                        unitPrice: number;
                        /** @description 金额（最多 4 位小数） */
                        amount: number;
                        /** @description 加工名称与项目名称相同（两端去空白后逐字相同）的参考价 */
                        references: {
                            /** @description 二次加工报价 id（见 rows） */
                            processId: number;
                            /** @description 加工单号 */
                            processNo: string;
                            /** @description 供应商名称 */
                            supplierName: string;
                            /**
                             * @description 计价方式
                             * @enum {string}
                             */
                            priceBasis: "piece" | "kg" | "dm2" | "batch";
                            /** @description 单价（最多 4 位小数） */
                            unitPrice: number;
                            /** @description 明细的单位与计价方式一致（如 dm2 与按面积），单价才可比较 */
                            comparable: boolean;
                            /** @description 明细单价 - 参考单价；不可比较时为 null（最多 4 位小数） */
                            difference: number | null;
                            /** @description 相对参考单价的差异率；不可比较时为 null：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null */
                            differenceRate: number | null;
                        }[];
                    }[];
                };
            };
        };
        /** @description pricingId 必填 */
        PricingReviewQuery: {
            /** @description 核价记录 id：审核页显示的那一条 */
            pricingId: number;
        };
        PricingCompareResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** @description 参与比较的核价记录 */
                pricing: {
                    /** @description ID */
                    id: number;
                    /** @description 核价单号 */
                    pricingNo: string;
                    /** @description 供应商编码 */
                    supplierCode: string;
                    /** @description 供应商名称 */
                    supplierName: string;
                    /**
                     * @description 状态
                     * @enum {string}
                     */
                    status: "draft" | "pending" | "approved" | "rejected" | "expired";
                    /** @description 币种 */
                    currency: string;
                    /** @description 未税单价（最多 4 位小数） */
                    unitPrice: number;
                    /**
                     * Format: date-time
                     * @description 核价时间（ISO 8601 UTC）
                     */
                    pricedAt: string;
                };
                /** @description 比较基准；默认时若没有更早的批准核价则为 null */
                base: {
                    /** @description ID */
                    id: number;
                    /** @description 核价单号 */
                    pricingNo: string;
                    /** @description 供应商编码 */
                    supplierCode: string;
                    /** @description 供应商名称 */
                    supplierName: string;
                    /**
                     * @description 状态
                     * @enum {string}
                     */
                    status: "draft" | "pending" | "approved" | "rejected" | "expired";
                    /** @description 币种 */
                    currency: string;
                    /** @description 未税单价（最多 4 位小数） */
                    unitPrice: number;
                    /**
                     * Format: date-time
                     * @description 核价时间（ISO 8601 UTC）
                     */
                    pricedAt: string;
                } | null;
                /**
                 * @description previous-approved：默认的上次批准核价；by-id：basePricingId 指定
                 * @enum {string}
                 */
                baseChosen: "previous-approved" | "by-id";
                /** @description 未税单价的比较 */
                unitPrice: {
                    /** @description 本条的金额（最多 4 位小数） */
                    amount: number;
                    /** @description 基准的金额；没有基准时为 null（最多 4 位小数） */
                    baseAmount: number | null;
                    /** @description amount - baseAmount；没有基准时为 null（最多 4 位小数） */
                    difference: number | null;
                    /** @description 差异率：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null */
                    differenceRate: number | null;
                };
                /** @description 按费用类型汇总的明细金额，六种类型按固定顺序都在 */
                byCostType: {
                    /**
                     * @description 费用类型
                     * @enum {string}
                     */
                    costType: "material" | "process" | "secondary_process" | "other" | "management_fee" | "profit";
                    /** @description 本条的金额（最多 4 位小数） */
                    amount: number;
                    /** @description 基准的金额；没有基准时为 null（最多 4 位小数） */
                    baseAmount: number | null;
                    /** @description amount - baseAmount；没有基准时为 null（最多 4 位小数） */
                    difference: number | null;
                    /** @description 差异率：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null */
                    differenceRate: number | null;
                }[];
                /** @description 明细合计的比较 */
                lineTotal: {
                    /** @description 本条的金额（最多 4 位小数） */
                    amount: number;
                    /** @description 基准的金额；没有基准时为 null（最多 4 位小数） */
                    baseAmount: number | null;
                    /** @description amount - baseAmount；没有基准时为 null（最多 4 位小数） */
                    difference: number | null;
                    /** @description 差异率：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null */
                    differenceRate: number | null;
                };
                /** @description 按（费用类型，项目名称去两端空白）配对的明细行：同一键的第 n 行与另一边的第 n 行配对；先本条各行（按行号），再仅基准有的行 */
                lines: {
                    /**
                     * @description 费用类型
                     * @enum {string}
                     */
                    costType: "material" | "process" | "secondary_process" | "other" | "management_fee" | "profit";
                    /** @description 项目名称 */
                    itemName: string;
                    /**
                     * @description both：两边都有；pricing：仅本条有；base：仅基准有
                     * @enum {string}
                     */
                    side: "both" | "pricing" | "base";
                    /** @description 本条的明细行 */
                    line: {
                        /** @description 行号 */
                        lineNo: number;
                        /** @description 规格 */
                        spec: string | null;
                        /** @description 用量（最多 4 位小数） */
                        quantity: number;
                        /** @description 单位 */
                        unit: string;
                        /** @description 单价（最多 4 位小数） */
                        unitPrice: number;
                        /** @description 金额（最多 4 位小数） */
                        amount: number;
                    } | null;
                    /** @description 基准的明细行 */
                    baseLine: {
                        /** @description 行号 */
                        lineNo: number;
                        /** @description 规格 */
                        spec: string | null;
                        /** @description 用量（最多 4 位小数） */
                        quantity: number;
                        /** @description 单位 */
                        unit: string;
                        /** @description 单价（最多 4 位小数） */
                        unitPrice: number;
                        /** @description 金额（最多 4 位小数） */
                        amount: number;
                    } | null;
                    /** @description 本条的金额（最多 4 位小数） */
                    amount: number | null;
                    /** @description 基准的金额（最多 4 位小数） */
                    baseAmount: number | null;
                    /** @description 金额差：缺的一边按 0 计（最多 4 位小数） */
                    difference: number;
                    /** @description 差异率（缺的一边按 0 计：仅本条有时为 null，仅基准有时为 -1）：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null */
                    differenceRate: number | null;
                }[];
            };
        };
        /** @description pricingId 必填；basePricingId 可选，须为同一物料的另一条核价 */
        PricingCompareQuery: {
            /** @description 核价记录 id：被比较的一条 */
            pricingId: number;
            /** @description 比较基准的核价记录 id，须为同一物料的另一条；不提供时为上次批准的核价（同 previousApprovedPrice 的规则） */
            basePricingId?: number;
        };
        SupplierCompareResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /**
                 * @description partNo：该物料的全部供应商；pricingIds：指定的核价记录
                 * @enum {string}
                 */
                selectedBy: "partNo" | "pricingIds";
                /** @description 物料编码 */
                partNo: string;
                /** @description 物料名称 */
                partName: string;
                /** @description 按 partNo：每个供应商（按供应商编码）最新的一条，其后是其最新批准的一条（与最新的一条不同时）；按 pricingIds：按请求的顺序 */
                columns: {
                    /** @description ID */
                    id: number;
                    /** @description 核价单号 */
                    pricingNo: string;
                    /** @description 供应商编码 */
                    supplierCode: string;
                    /** @description 供应商名称 */
                    supplierName: string;
                    /**
                     * @description 状态
                     * @enum {string}
                     */
                    status: "draft" | "pending" | "approved" | "rejected" | "expired";
                    /** @description 币种（只与同一币种的列比较最低） */
                    currency: string;
                    /**
                     * Format: date-time
                     * @description 核价时间（ISO 8601 UTC）
                     */
                    pricedAt: string;
                    /** @description 是否为该供应商对该物料最新的一条核价（按核价时间，同一时间按 id） */
                    latest: boolean;
                    /** @description 是否为该供应商对该物料最新的一条已批准核价 */
                    latestApproved: boolean;
                }[];
                /** @description 九行，顺序固定：materialCost、processCost、secondaryProcessCost、otherCost、managementFee、profit、unitPrice、unitPriceWithTax、changeRate */
                rows: {
                    /**
                     * @description 核价记录的字段：六项费用（材料费、加工费、二次加工费、其他费用、管理费、利润）、未税单价、含税单价、较上次批准变动率
                     * @enum {string}
                     */
                    field: "materialCost" | "processCost" | "secondaryProcessCost" | "otherCost" | "managementFee" | "profit" | "unitPrice" | "unitPriceWithTax" | "changeRate";
                    /**
                     * @description money：金额（四舍五入到 4 位小数）；rate：变动率（0.1234 即 +12.34%）
                     * @enum {string}
                     */
                    kind: "money" | "rate";
                    /** @description 每列一个值，与 columns 顺序相同；变动率没有可比的上次批准价时为 null */
                    values: (number | null)[];
                    /** @description 该行最低的列（按 columns 的顺序）：只在同一币种的列之间比较；某币种的值不足两个、或都相同时不标；并列最低的都标 */
                    lowestPricingIds: number[];
                }[];
                /** @description 列的币种不同时：各金额行按该日汇率折算为人民币后并列比较；币种都相同时为 null */
                converted: {
                    /** @description 折算币种：CNY */
                    currency: string;
                    /**
                     * Format: date
                     * @description 汇率日期：请求的 on，不提供时为今天（APP_TIMEZONE）（YYYY-MM-DD）
                     */
                    day: string;
                    /** @description 每列的折算率，与 columns 顺序相同 */
                    rates: {
                        /** @description 核价记录 id（列） */
                        pricingId: number;
                        /** @description 该列的币种 */
                        currency: string;
                        /** @description 1 单位该列币种折合人民币（最多 8 位小数）；人民币为 1；汇率缺失时为 null */
                        rate: number | null;
                        /** @description 所用汇率的生效日期；人民币为 null */
                        rateDate: string | null;
                    }[];
                    /** @description 该日没有汇率的币种 */
                    missingRates: string[];
                    /** @description 八行金额（不含变动率），按 rows 的顺序 */
                    rows: {
                        /**
                         * @description 同 rows 的 field（不含 changeRate）
                         * @enum {string}
                         */
                        field: "materialCost" | "processCost" | "secondaryProcessCost" | "otherCost" | "managementFee" | "profit" | "unitPrice" | "unitPriceWithTax" | "changeRate";
                        /** @description 每列折算为人民币的值（一次四舍五入到 4 位小数）；汇率缺失时为 null */
                        values: (number | null)[];
                        /** @description 折算后该行最低的列：在全部有值的列之间比较；规则同 rows */
                        lowestPricingIds: number[];
                    }[];
                } | null;
            };
        };
        /** @description partNo、pricingIds 二者恰好提供一个（partNo 为空字符串或 null 视为未提供）；一个都没有或两个都有：400 VALIDATION_ERROR。partNo 为精确匹配（去掉首尾空白）；pricingIds 为 2–5 条同一物料的核价。 */
        SupplierCompareQuery: {
            /** @description 物料编码（精确）：该物料每个供应商最新的一条核价，及其最新批准的一条（与最新的一条不同时）；首尾空白会被去掉，空字符串或 null 视为未提供；最多 200 个字符，不能包含 U+0000 或不成对的代理项 */
            partNo?: string | null;
            /** @description 2–5 条核价记录的 id，须属于同一物料、互不重复；按给出的顺序成列（与 partNo 二者恰好提供一个） */
            pricingIds?: number[];
            /**
             * @description 列的币种不同时折算为人民币所用汇率的日期（APP_TIMEZONE 的自然日）；不提供时为今天；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选
             * @example 2026-11-20
             */
            on?: string | "" | null;
        };
        BomPriceResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /**
                 * Format: date
                 * @description 计价日
                 */
                on: string;
                /**
                 * @description 计价规则
                 * @enum {string}
                 */
                rule: "latest" | "lowest" | "highest" | "preferred";
                /** @description 优先供应商编码（rule 为 preferred 时）；否则为 null */
                suppliers: string[] | null;
                /** @description 折算币种；未提供时为 null */
                reportCurrency: string | null;
                /** @description 本次计价用到的汇率（折算与比较），按币种排序；人民币不列出 */
                rates: {
                    /** @description 币种 */
                    currency: string;
                    /** @description 1 单位该币种折合人民币（最多 8 位小数） */
                    rateToCny: number;
                    /**
                     * Format: date
                     * @description 汇率表中该汇率的生效日期（YYYY-MM-DD）；假设汇率为 null
                     */
                    rateDate: string | null;
                    /**
                     * @description 汇率来源：table 为汇率表（财务系统）；what-if 为请求中的假设汇率
                     * @enum {string}
                     */
                    source: "table" | "what-if";
                }[];
                /** @description 需要但计价日没有汇率的币种，按币种排序 */
                missingRates: string[];
                lines: {
                    /** @description 行号，从 1 起，按请求顺序 */
                    lineNo: number;
                    /** @description 物料编码 */
                    partNo: string;
                    /** @description 数量 */
                    quantity: number;
                    /**
                     * @description priced：已定价；no-price：物料存在但该日无有效价格；unknown-part：物料不存在
                     * @enum {string}
                     */
                    result: "priced" | "no-price" | "unknown-part";
                    /** @description unknown-part 时，与请求的编码只差字母大小写、全角/半角或不可见字符（零宽空格等）的现有物料编码（“是否为 P-100081？”）；本行不按它计价。其余为 null */
                    suggestion: string | null;
                    /** @description 按计价规则取的该日有效价格（与列表相同的核价记录行）；未定价时为 null */
                    pricing: {
                        /** @description ID */
                        id: number;
                        /** @description 核价单号 */
                        pricingNo: string;
                        /** @description 物料编码 */
                        partNo: string;
                        /** @description 物料名称 */
                        partName: string;
                        /** @description 规格型号 */
                        spec: string | null;
                        /** @description 材质 */
                        material: string;
                        /** @description 单位 */
                        unit: string;
                        /** @description 供应商编码 */
                        supplierCode: string;
                        /** @description 供应商名称 */
                        supplierName: string;
                        /** @description 币种（ISO 4217） */
                        currency: string;
                        /** @description 材料费（最多 4 位小数） */
                        materialCost: number;
                        /** @description 加工费（最多 4 位小数） */
                        processCost: number;
                        /** @description 二次加工费（最多 4 位小数） */
                        secondaryProcessCost: number;
                        /** @description 其他费用（包装运输等）（最多 4 位小数） */
                        otherCost: number;
                        /** @description 管理费（最多 4 位小数） */
                        managementFee: number;
                        /** @description 利润（最多 4 位小数） */
                        profit: number;
                        /** @description 未税单价（六项费用之和）（最多 4 位小数） */
                        unitPrice: number;
                        /** @description 税率，如 0.13（最多 4 位小数） */
                        taxRate: number;
                        /** @description 含税单价（最多 4 位小数） */
                        unitPriceWithTax: number;
                        /** @description 上次批准核价单号：previousApprovedPrice 所取的那条核价（同一物料、同一币种在本记录之前最近一次 approved 的核价）的单号；没有时为 null（其单价为 0 时仍给出） */
                        previousApprovedPricingNo: string | null;
                        /** @description 上次批准单价：同一物料、同一币种在本记录之前（按核价时间，同一时间按 id）最近一次 approved 核价的未税单价，不限供应商，不同币种不比较；没有或其单价为 0 时为 null（最多 4 位小数） */
                        previousApprovedPrice: number | null;
                        /** @description 较上次批准变动率：(unitPrice - previousApprovedPrice) / previousApprovedPrice，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；previousApprovedPrice 为 null 时为 null */
                        changeRate: number | null;
                        /**
                         * @description 状态
                         * @enum {string}
                         */
                        status: "draft" | "pending" | "approved" | "rejected" | "expired";
                        /** @description 核价员 */
                        pricedBy: string;
                        /**
                         * Format: date-time
                         * @description 核价时间（ISO 8601 UTC）
                         */
                        pricedAt: string;
                        /**
                         * Format: date
                         * @description 生效日期（YYYY-MM-DD）
                         */
                        validFrom: string;
                        /**
                         * Format: date
                         * @description 失效日期（YYYY-MM-DD）
                         */
                        validTo: string | null;
                        /** @description 备注 */
                        remark: string | null;
                        /**
                         * Format: date-time
                         * @description 更新时间（ISO 8601 UTC）
                         */
                        updatedAt: string;
                    } | null;
                    /** @description 金额 = 数量 × 未税单价（原币种）（四舍五入（远离零）到 4 位小数）；未定价时为 null */
                    amount: number | null;
                    /** @description 含税金额 = 数量 × 含税单价（原币种）（四舍五入（远离零）到 4 位小数）；未定价时为 null */
                    amountWithTax: number | null;
                    /** @description 该物料在计价日有效的已批准价格条数 */
                    inForce: number;
                    /**
                     * @description 价格如何选出：latest、lowest、highest、preferred；fallback-latest 为规则无法选择（没有优先供应商的价格，或比较所需的汇率缺失）时按 latest；未定价时为 null
                     * @enum {string|null}
                     */
                    chosenBy: "latest" | "lowest" | "highest" | "preferred" | "fallback-latest" | null;
                    /** @description minUnitPrice、maxUnitPrice 的币种：reportCurrency；未提供时，有效价格同一币种则为该币种，否则为 CNY；无法折算时为 null */
                    comparedIn: string | null;
                    /** @description 有效价格中最低的未税单价，折算为 comparedIn（四舍五入到 4 位小数）；所需汇率缺失时为 null */
                    minUnitPrice: number | null;
                    /** @description 有效价格中最高的未税单价，同上 */
                    maxUnitPrice: number | null;
                    /** @description 折算率：1 单位本行币种折合多少折算币种（最多 8 位小数）；同一币种为 1；未提供 reportCurrency、未定价或汇率缺失时为 null */
                    rate: number | null;
                    /** @description 所用汇率表汇率的生效日期（两个汇率时取较晚者）；同一币种或只用假设汇率时为 null */
                    rateDate: string | null;
                    /**
                     * @description table 或 what-if（用到任一假设汇率）；同一币种、未折算时为 null
                     * @enum {string|null}
                     */
                    rateSource: "table" | "what-if" | null;
                    /** @description 折算金额 = 数量 × 未税单价 × 折算率，一次四舍五入（远离零）到 4 位小数；汇率缺失时为 null（四舍五入（远离零）到 4 位小数）；未定价时为 null */
                    amountInReportCurrency: number | null;
                    /** @description 折算含税金额 = 数量 × 含税单价 × 折算率，同上（四舍五入（远离零）到 4 位小数）；未定价时为 null */
                    amountWithTaxInReportCurrency: number | null;
                }[];
                /** @description 按原币种合计（币种升序）；不跨币种相加 */
                totals: {
                    /** @description 币种 */
                    currency: string;
                    /** @description 该币种已定价的行数 */
                    lines: number;
                    /** @description 未税金额合计 */
                    amount: number;
                    /** @description 含税金额合计 */
                    amountWithTax: number;
                }[];
                /** @description 折算币种的合计；未提供 reportCurrency 时为 null */
                reportTotal: {
                    /** @description 折算币种 */
                    currency: string;
                    /** @description 计入的已定价行数 */
                    lines: number;
                    /** @description 折算金额合计（各行折算金额之和） */
                    amount: number;
                    /** @description 折算含税金额合计 */
                    amountWithTax: number;
                    /** @description 因计价日没有汇率而未计入的已定价行数 */
                    linesWithoutRate: number;
                    /**
                     * @description 用到任一假设汇率时为 what-if；只用汇率表为 table；没有行需要折算时为 null
                     * @enum {string|null}
                     */
                    rateSource: "table" | "what-if" | null;
                } | null;
            };
        };
        /** @description lines 为 1–2000 行 {partNo, quantity}；on 为计价日（YYYY-MM-DD，APP_TIMEZONE 的自然日），不提供时为今天；rule 为计价规则（默认 latest），preferred 须带 suppliers；reportCurrency 为折算币种；rates 为假设汇率。 */
        BomPriceQuery: {
            /** @description BOM 行，1–2000 行，按请求顺序返回；同一物料出现多次则分别计价 */
            lines: {
                /** @description 物料编码（精确，去掉首尾空白） */
                partNo: string;
                /** @description 数量：正数，最多 4 位小数 */
                quantity: number;
            }[];
            /**
             * @description 计价日：取该日有效的价格与汇率（APP_TIMEZONE 的自然日）；不提供时为今天；0001-01-01 至 9999-12-31，空字符串或 null 表示不筛选
             * @example 2026-11-20
             */
            on?: string | "" | null;
            /** @description BOM 名称或产品（可选，最多 100 个字符）：导出文件的标题；不影响计价 */
            name?: string;
            /**
             * @description 计价规则：同一物料在计价日有多条有效价格时取哪一条。latest（默认）：核价时间最晚（同时取 id 较大者）；lowest / highest：未税单价最低 / 最高（币种不同时按计价日汇率折算为人民币比较，同价取最晚）；preferred：按 suppliers 的顺序取第一个有有效价格的供应商（其中最晚的一条），都没有时按 latest
             * @default latest
             * @enum {string}
             */
            rule: "latest" | "lowest" | "highest" | "preferred";
            /** @description 优先供应商编码（精确，去掉首尾空白），最优先的在前，1–50 个；仅 rule 为 preferred 时提供且必须提供 */
            suppliers?: string[];
            /**
             * @description 折算币种：每行金额另按计价日汇率折算为该币种，并给出该币种的合计；须为 CNY 或汇率表中有汇率的币种；三位大写字母（ISO 4217），如 USD
             * @example CNY
             */
            reportCurrency?: string;
            /** @description 假设汇率（what-if），如 {"USD": 7.05}：仅在本次计价中代替汇率表在计价日的汇率（比较与折算都用它），用到它的行与合计标明 rateSource 为 what-if；正数，最大 1000000，最多 8 位小数，最多 20 个币种，不含 CNY */
            rates?: {
                [key: string]: number;
            };
        };
        WorkbenchResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /**
                 * Format: date
                 * @description 作为今天的日期（YYYY-MM-DD）
                 */
                on: string;
                /** @description “我的”：核价类事项只计核价员（pricedBy）为该姓名的核价；为 null 时计全部 */
                mine: string | null;
                /** @description 待审核的核价 */
                pending: {
                    /**
                     * @description 核价查询（POST /api/query/pricing）
                     * @enum {string}
                     */
                    list: "pricing";
                    /** @description 打开该列表的筛选条件：该列表请求体的字段，原样发送即得这些行 */
                    filters: {
                        [key: string]: unknown;
                    };
                    /** @description 打开该列表时要紧的排序（该列表请求体的 sort），如涨幅项按 changeRate 降序、待审核按核价时间升序（等得最久的在前） */
                    sort: {
                        [key: string]: "ascend" | "descend";
                    };
                    /** @description 行数：与该列表按这些条件查询的 total 相同 */
                    count: number;
                    /** @description 这些行中最早的一条（按 clock）；没有行时为 null */
                    oldest: {
                        /**
                         * @description 按哪个时间：pricedAt（核价时间）或 validTo（失效日期）
                         * @enum {string}
                         */
                        clock: "pricedAt" | "validTo";
                        /** @description 这些行中最早的该时间：pricedAt 为 ISO 8601 UTC，validTo 为 YYYY-MM-DD */
                        at: string;
                        /** @description 从该时间所在的日期（pricedAt 按 APP_TIMEZONE）到 on 的天数：待审核为最早一条已等待的天数，过期的二次加工为已过期天数；即将失效的价格为负数或 0（-5 即最早一条 5 天后失效） */
                        days: number;
                    } | null;
                };
                /** @description 待审核且较上次批准价上涨 10% 及以上（changeRate ≥ 0.1） */
                pendingRising: {
                    /**
                     * @description 核价查询（POST /api/query/pricing）
                     * @enum {string}
                     */
                    list: "pricing";
                    /** @description 打开该列表的筛选条件：该列表请求体的字段，原样发送即得这些行 */
                    filters: {
                        [key: string]: unknown;
                    };
                    /** @description 打开该列表时要紧的排序（该列表请求体的 sort），如涨幅项按 changeRate 降序、待审核按核价时间升序（等得最久的在前） */
                    sort: {
                        [key: string]: "ascend" | "descend";
                    };
                    /** @description 行数：与该列表按这些条件查询的 total 相同 */
                    count: number;
                    /** @description 这些行中最早的一条（按 clock）；没有行时为 null */
                    oldest: {
                        /**
                         * @description 按哪个时间：pricedAt（核价时间）或 validTo（失效日期）
                         * @enum {string}
                         */
                        clock: "pricedAt" | "validTo";
                        /** @description 这些行中最早的该时间：pricedAt 为 ISO 8601 UTC，validTo 为 YYYY-MM-DD */
                        at: string;
                        /** @description 从该时间所在的日期（pricedAt 按 APP_TIMEZONE）到 on 的天数：待审核为最早一条已等待的天数，过期的二次加工为已过期天数；即将失效的价格为负数或 0（-5 即最早一条 5 天后失效） */
                        days: number;
                    } | null;
                };
                /** @description 已批准、失效日期在今天至 30 天后之间（含） */
                expiring: {
                    /**
                     * @description 核价查询（POST /api/query/pricing）
                     * @enum {string}
                     */
                    list: "pricing";
                    /** @description 打开该列表的筛选条件：该列表请求体的字段，原样发送即得这些行 */
                    filters: {
                        [key: string]: unknown;
                    };
                    /** @description 打开该列表时要紧的排序（该列表请求体的 sort），如涨幅项按 changeRate 降序、待审核按核价时间升序（等得最久的在前） */
                    sort: {
                        [key: string]: "ascend" | "descend";
                    };
                    /** @description 行数：与该列表按这些条件查询的 total 相同 */
                    count: number;
                    /** @description 这些行中最早的一条（按 clock）；没有行时为 null */
                    oldest: {
                        /**
                         * @description 按哪个时间：pricedAt（核价时间）或 validTo（失效日期）
                         * @enum {string}
                         */
                        clock: "pricedAt" | "validTo";
                        /** @description 这些行中最早的该时间：pricedAt 为 ISO 8601 UTC，validTo 为 YYYY-MM-DD */
                        at: string;
                        /** @description 从该时间所在的日期（pricedAt 按 APP_TIMEZONE）到 on 的天数：待审核为最早一条已等待的天数，过期的二次加工为已过期天数；即将失效的价格为负数或 0（-5 即最早一条 5 天后失效） */
                        days: number;
                    } | null;
                };
                /** @description 二次加工报价状态为有效、但失效日期已过（早于今天） */
                staleProcesses: {
                    /**
                     * @description 二次加工查询（POST /api/query/secondary-process）
                     * @enum {string}
                     */
                    list: "secondaryProcess";
                    /** @description 打开该列表的筛选条件：该列表请求体的字段，原样发送即得这些行 */
                    filters: {
                        [key: string]: unknown;
                    };
                    /** @description 打开该列表时要紧的排序（该列表请求体的 sort），如涨幅项按 changeRate 降序、待审核按核价时间升序（等得最久的在前） */
                    sort: {
                        [key: string]: "ascend" | "descend";
                    };
                    /** @description 行数：与该列表按这些条件查询的 total 相同 */
                    count: number;
                    /** @description 这些行中最早的一条（按 clock）；没有行时为 null */
                    oldest: {
                        /**
                         * @description 按哪个时间：pricedAt（核价时间）或 validTo（失效日期）
                         * @enum {string}
                         */
                        clock: "pricedAt" | "validTo";
                        /** @description 这些行中最早的该时间：pricedAt 为 ISO 8601 UTC，validTo 为 YYYY-MM-DD */
                        at: string;
                        /** @description 从该时间所在的日期（pricedAt 按 APP_TIMEZONE）到 on 的天数：待审核为最早一条已等待的天数，过期的二次加工为已过期天数；即将失效的价格为负数或 0（-5 即最早一条 5 天后失效） */
                        days: number;
                    } | null;
                };
                /** @description 最近 7 天（含今天）新增的核价（按核价日期） */
                recent: {
                    /**
                     * @description 核价查询（POST /api/query/pricing）
                     * @enum {string}
                     */
                    list: "pricing";
                    /** @description 打开该列表的筛选条件：该列表请求体的字段，原样发送即得这些行 */
                    filters: {
                        [key: string]: unknown;
                    };
                    /** @description 打开该列表时要紧的排序（该列表请求体的 sort），如涨幅项按 changeRate 降序、待审核按核价时间升序（等得最久的在前） */
                    sort: {
                        [key: string]: "ascend" | "descend";
                    };
                    /** @description 行数：与该列表按这些条件查询的 total 相同 */
                    count: number;
                    /** @description 这些行中最早的一条（按 clock）；没有行时为 null */
                    oldest: {
                        /**
                         * @description 按哪个时间：pricedAt（核价时间）或 validTo（失效日期）
                         * @enum {string}
                         */
                        clock: "pricedAt" | "validTo";
                        /** @description 这些行中最早的该时间：pricedAt 为 ISO 8601 UTC，validTo 为 YYYY-MM-DD */
                        at: string;
                        /** @description 从该时间所在的日期（pricedAt 按 APP_TIMEZONE）到 on 的天数：待审核为最早一条已等待的天数，过期的二次加工为已过期天数；即将失效的价格为负数或 0（-5 即最早一条 5 天后失效） */
                        days: number;
                    } | null;
                };
                /** @description 最近 12 个月（本月在最后）已批准核价的变动率中位数 */
                monthlyChange: {
                    /** @description 月份 YYYY-MM（APP_TIMEZONE） */
                    month: string;
                    /** @description 该月核价、已批准且有变动率的条数 */
                    count: number;
                    /** @description 变动率中位数，4 位小数（偶数条时取中间两条的平均，四舍五入远离零）；该月没有时为 null */
                    medianChangeRate: number | null;
                }[];
                /**
                 * Format: date-time
                 * @description monthlyChange 的统计时间：至多 5 分钟前（ISO 8601 UTC）
                 */
                monthlyChangeAsOf: string;
            };
        };
        /** @description on 可选：作为今天的日期（YYYY-MM-DD），不提供时为 APP_TIMEZONE 的今天。 */
        WorkbenchQuery: {
            /**
             * @description 以该日为今天（APP_TIMEZONE 的自然日）；不提供时为今天；0002-01-01 至 9999-12-01，空字符串或 null 表示不筛选
             * @example 2026-11-20
             */
            on?: string | "" | null;
            /**
             * @description 我的：为 true 时核价类事项只计核价员为登录者的核价（姓名取自公司登录令牌的 AUTH_NAME_CLAIM 声明，默认 name）；需要公司登录，令牌中没有该声明时 400
             * @default false
             */
            mine: boolean;
        };
        TableStatsResponse: {
            /** @enum {boolean} */
            success: true;
            data: {
                /**
                 * @description 表名
                 * @enum {string}
                 */
                table: "parts" | "pricing" | "pricing_details" | "secondary_processes";
                /** @description 中文名 */
                label: string;
                /** @description 行数 */
                rowCount: number;
                /**
                 * Format: date-time
                 * @description 最新的 updated_at（ISO 8601 UTC）
                 */
                lastUpdatedAt: string | null;
            }[];
            total: number;
            /**
             * Format: date-time
             * @description 生成时间（ISO 8601 UTC）
             */
            generatedAt: string;
        };
        TestDbResponse: {
            /** @enum {boolean} */
            success: true;
            /** @enum {string} */
            message: "数据库连接正常";
        } | {
            /** @enum {boolean} */
            success: false;
            /** @enum {string} */
            message: "数据库连接失败";
        };
        InfoResponse: {
            /** @enum {boolean} */
            success: true;
            /** @enum {string} */
            message: "React Template Backend API";
            version: string;
            /** @description 六个操作："<METHOD> <path>" → 说明 */
            endpoints: {
                [key: string]: string;
            };
        };
        SettingsResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description 公司名称（COMPANY_NAME），印在核价单的标题上；未配置时为 null */
            companyName: string | null;
            /** @description 业务时区（APP_TIMEZONE）：日期筛选与页面、导出显示时间所用 */
            timeZone: string;
        };
        AuthConfigResponse: {
            /** @enum {boolean} */
            success: true;
            /** @enum {boolean} */
            enabled: true;
            /** @description 身份提供方（AUTH_ISSUER） */
            issuer: string;
            /** @description 页面的客户端 ID（AUTH_CLIENT_ID）；未配置时为 null */
            clientId: string | null;
            /** @description 页面登录时请求的 scope，以空格分隔（AUTH_SCOPES） */
            scopes: string;
            /** @description 令牌中角色所在的声明（AUTH_ROLES_CLAIM） */
            rolesClaim: string;
        } | {
            /** @enum {boolean} */
            success: true;
            /** @enum {boolean} */
            enabled: false;
        };
        AuthMeResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description JWT 的主体（sub 等），静态令牌为 token:<令牌编号>；未配置认证时为 null */
            subject: string | null;
            /** @description 显示名称（name、preferred_username、upn …） */
            name: string | null;
            /** @description 核价员姓名：令牌中 AUTH_NAME_CLAIM（默认 name）声明的值，工作台“我的”按它筛选核价员；没有时为 null */
            clerk: string | null;
            /** @description 调用方的角色（未知的角色名不列出） */
            roles: ("pricing.read" | "pricing.export")[];
            /**
             * @description jwt：身份提供方的令牌；token：API_TOKENS；none：未配置认证（拥有全部角色）
             * @enum {string}
             */
            via: "jwt" | "token" | "none";
        };
        ApiIndexResponse: {
            /** @enum {boolean} */
            success: true;
            message: string;
            /**
             * @description 接口文档页面（Swagger UI）
             * @enum {string}
             */
            docs: "/api/docs";
            /**
             * @description OpenAPI 3.1 文档
             * @enum {string}
             */
            openapi: "/api/openapi.json";
            /**
             * @description 服务信息与六个操作
             * @enum {string}
             */
            info: "/api/info";
        };
        McpResponse: {
            /** @enum {string} */
            jsonrpc: "2.0";
            id: string | number | null;
            result?: unknown;
            error?: unknown;
        } & {
            [key: string]: unknown;
        };
        /** @description JSON-RPC 2.0 消息：initialize、notifications/initialized、tools/list、tools/call 等 */
        McpMessage: {
            /**
             * @description JSON-RPC 版本
             * @enum {string}
             */
            jsonrpc: "2.0";
            /** @description 请求的 id；通知没有 */
            id?: string | number;
            /** @description 如 initialize、tools/list、tools/call */
            method?: string;
            params?: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
    };
    responses: {
        /** @description NOT_FOUND：请求的资源不存在（任一未知路径） */
        NotFound: {
            headers: {
                /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                "X-Request-Id"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description METHOD_NOT_ALLOWED：不支持该请求方法（已知路径用错方法） */
        MethodNotAllowed: {
            headers: {
                /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                "X-Request-Id"?: string;
                /** @description 该路径支持的方法 */
                Allow?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description BAD_REQUEST：请求无法解析：请求行或请求头不合法（网址中的中文等字符须经 URL 编码）；查询接口请用 POST 发送 JSON 请求体（HTTP 服务器无法解析的请求，任一路径） */
        BadRequest: {
            headers: {
                /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                "X-Request-Id"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description REQUEST_TIMEOUT：请求超时：请求未在限定时间内发送完整（请求头或请求体未在 HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS 内到达，随后关闭连接，任一路径） */
        RequestTimeout: {
            headers: {
                /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                "X-Request-Id"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description HEADERS_TOO_LARGE：请求头过大（请求头超过 HTTP 服务器的上限，任一路径） */
        HeadersTooLarge: {
            headers: {
                /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                "X-Request-Id"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    queryPricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 筛选、分页与排序 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "keyword": "支架",
                 *       "status": [
                 *         "approved"
                 *       ],
                 *       "pricedFrom": "2026-01-01",
                 *       "pricedTo": "",
                 *       "sort": {
                 *         "unitPrice": "descend"
                 *       },
                 *       "current": 1,
                 *       "pageSize": 10
                 *     }
                 */
                "application/json": components["schemas"]["PricingQuery"];
            };
        };
        responses: {
            /** @description JSON 分页；或按 Accept 导出的文件 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    /** @description 仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''%E6%A0%B8%E4%BB%B7%E6%9F%A5%E8%AF%A2-….xlsx（RFC 5987） */
                    "Content-Disposition"?: string;
                    /** @description 仅导出：导出的行数 */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingListResponse"];
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败；EXPORT_TOO_LARGE：导出行数超过上限，请缩小查询范围 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR" | "EXPORT_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本；EXPORTS_BUSY：同时进行的导出过多，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING" | "EXPORTS_BUSY";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    querySecondaryProcess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 筛选、分页与排序 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "category": [
                 *         "plating"
                 *       ],
                 *       "validOn": "2026-06-18",
                 *       "keyword": "",
                 *       "sort": {
                 *         "unitPrice": "ascend"
                 *       },
                 *       "current": 1,
                 *       "pageSize": 10
                 *     }
                 */
                "application/json": components["schemas"]["SecondaryProcessQuery"];
            };
        };
        responses: {
            /** @description JSON 分页；或按 Accept 导出的文件 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    /** @description 仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''%E4%BA%8C%E6%AC%A1%E5%8A%A0%E5%B7%A5%E6%9F%A5%E8%AF%A2-….xlsx（RFC 5987） */
                    "Content-Disposition"?: string;
                    /** @description 仅导出：导出的行数 */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondaryProcessListResponse"];
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败；EXPORT_TOO_LARGE：导出行数超过上限，请缩小查询范围 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR" | "EXPORT_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本；EXPORTS_BUSY：同时进行的导出过多，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING" | "EXPORTS_BUSY";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    queryExchangeRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 筛选、分页与排序 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "currency": [
                 *         "USD"
                 *       ],
                 *       "on": "2026-10-31",
                 *       "current": 1,
                 *       "pageSize": 20
                 *     }
                 */
                "application/json": components["schemas"]["ExchangeRateQuery"];
            };
        };
        responses: {
            /** @description JSON 分页；或按 Accept 导出的文件 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    /** @description 仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''%E6%B1%87%E7%8E%87%E6%9F%A5%E8%AF%A2-….xlsx（RFC 5987） */
                    "Content-Disposition"?: string;
                    /** @description 仅导出：导出的行数 */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExchangeRateListResponse"];
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败；EXPORT_TOO_LARGE：导出行数超过上限，请缩小查询范围 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR" | "EXPORT_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本；EXPORTS_BUSY：同时进行的导出过多，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING" | "EXPORTS_BUSY";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    querySecondaryProcessStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 筛选条件与统计日 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "keyword": "电镀",
                 *       "status": [
                 *         "active"
                 *       ],
                 *       "on": "2026-11-20"
                 *     }
                 */
                "application/json": components["schemas"]["SecondaryProcessStatsQuery"];
            };
        };
        responses: {
            /** @description 各组的统计与最新报价 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondaryProcessStatsResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    queryPricingDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 选择一条核价记录 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "partNo": "P-100001"
                 *     }
                 */
                "application/json": components["schemas"]["PricingDetailsQuery"];
            };
        };
        responses: {
            /** @description 核价记录、明细行与汇总 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingDetailsResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description NOT_FOUND：请求的资源不存在 */
            404: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "NOT_FOUND";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    queryPricingReview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 一条核价记录 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "pricingId": 2
                 *     }
                 */
                "application/json": components["schemas"]["PricingReviewQuery"];
            };
        };
        responses: {
            /** @description 审核页所需的数据 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingReviewResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description NOT_FOUND：请求的资源不存在 */
            404: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "NOT_FOUND";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    queryPricingCompare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 被比较的核价与基准 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "pricingId": 2
                 *     }
                 */
                "application/json": components["schemas"]["PricingCompareQuery"];
            };
        };
        responses: {
            /** @description 对比结果 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingCompareResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description NOT_FOUND：请求的资源不存在 */
            404: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "NOT_FOUND";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    querySupplierCompare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 一个物料，或几条核价记录 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "partNo": "P-100217"
                 *     }
                 */
                "application/json": components["schemas"]["SupplierCompareQuery"];
            };
        };
        responses: {
            /** @description 各列的核价与各行的值 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    /** @description 仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''%E4%BE%9B%E5%BA%94%E5%95%86%E5%AF%B9%E6%AF%94-….xlsx（RFC 5987） */
                    "Content-Disposition"?: string;
                    /** @description 仅导出：导出的行数 */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplierCompareResponse"];
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description NOT_FOUND：请求的资源不存在 */
            404: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "NOT_FOUND";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本；EXPORTS_BUSY：同时进行的导出过多，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING" | "EXPORTS_BUSY";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    queryBomPrice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description BOM 行、计价日、计价规则、折算币种与假设汇率 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "lines": [
                 *         {
                 *           "partNo": "P-100217",
                 *           "quantity": 12.5
                 *         },
                 *         {
                 *           "partNo": "P-100213",
                 *           "quantity": 2
                 *         }
                 *       ],
                 *       "on": "2026-11-20",
                 *       "rule": "lowest",
                 *       "reportCurrency": "CNY"
                 *     }
                 */
                "application/json": components["schemas"]["BomPriceQuery"];
            };
        };
        responses: {
            /** @description 每行的价格与金额，及按币种的合计 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    /** @description 仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''%E6%89%B9%E9%87%8F%E6%A0%B8%E4%BB%B7-….xlsx（RFC 5987） */
                    "Content-Disposition"?: string;
                    /** @description 仅导出：导出的行数 */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BomPriceResponse"];
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本；EXPORTS_BUSY：同时进行的导出过多，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING" | "EXPORTS_BUSY";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    queryWorkbench: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description 作为今天的日期 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "on": "2026-11-20"
                 *     }
                 */
                "application/json": components["schemas"]["WorkbenchQuery"];
            };
        };
        responses: {
            /** @description 各事项的行数与筛选条件、每月变动率中位数 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkbenchResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getTableStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 四张表的行数与最近更新时间 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TableStatsResponse"];
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    testDb: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 连接是否正常 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDbResponse"];
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间） */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 服务信息与六个操作 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InfoResponse"];
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus 文本格式 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 页面设置 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getAuthConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 登录设置 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthConfigResponse"];
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getAuthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 当前身份 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthMeResponse"];
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getApiIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 文档的位置 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiIndexResponse"];
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 文档 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML 页面 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getDocsAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 文件名 */
                asset: "swagger-ui.css" | "swagger-ui-bundle.js" | "favicon-32x32.png" | "docs-init.js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 静态文件 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                    "image/png": string;
                };
            };
            /** @description NOT_FOUND：请求的资源不存在 */
            404: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "NOT_FOUND";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description MCP 的 JSON-RPC 消息 */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "jsonrpc": "2.0",
                 *       "id": 1,
                 *       "method": "tools/call",
                 *       "params": {
                 *         "name": "pricing",
                 *         "arguments": {
                 *           "partNo": "P-100217",
                 *           "pageSize": 5
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["McpMessage"];
            };
        };
        responses: {
            /** @description JSON-RPC 应答（通知为 202，无正文） */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "code": "VALIDATION_ERROR",
                     *       "message": "请求参数校验失败",
                     *       "requestId": "6f1c…",
                     *       "errors": [
                     *         {
                     *           "path": "pageSize",
                     *           "message": "应不大于 200，收到的是 500"
                     *         },
                     *         {
                     *           "path": "pricedFrom",
                     *           "message": "日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 \"2026/01/01\""
                     *         },
                     *         {
                     *           "path": "supplierName",
                     *           "message": "不允许的字段；是否应为 \"supplier\"？"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INVALID_JSON" | "VALIDATION_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description Bearer realm="pricing"；令牌错误时另有 error="invalid_token" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNAUTHORIZED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description FORBIDDEN：无权访问：登录身份缺少所需的角色 */
            403: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "FORBIDDEN";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "PAYLOAD_TOO_LARGE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE：请求体必须是 JSON（Content-Type: application/json） */
            415: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    /** @description 多少秒后可重试 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "RATE_LIMITED";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description AUTH_UNAVAILABLE：暂时无法验证登录令牌：身份提供方无法访问，请稍后再试；DB_UNAVAILABLE：数据库暂时不可用；DB_NOT_FOUND：配置的数据库不存在；DB_SCHEMA_MISSING：数据库结构未迁移到最新版本 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "AUTH_UNAVAILABLE" | "DB_UNAVAILABLE" | "DB_NOT_FOUND" | "DB_SCHEMA_MISSING";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description QUERY_TIMEOUT：查询超时，请缩小查询范围后重试 */
            504: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "QUERY_TIMEOUT";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 进程在应答 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string} */
                        status: "live";
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 可以接收流量（主库可用即就绪；配置了只读副本 DATABASE_READ_URL 时，正文另附副本状态） */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string} */
                        status: "ready";
                        /** @description 只读副本的状态（仅在设置了 DATABASE_READ_URL 时出现） */
                        replica?: {
                            /**
                             * @description in-use：读取走副本；lagging：副本延迟超过 REPLICA_MAX_LAG_MS、不再跟随主库或尚未稳定，读取走主库；unreachable：副本连不上，读取走主库
                             * @enum {string}
                             */
                            state: "in-use" | "lagging" | "unreachable";
                            /** @description 最近一次测得的延迟（毫秒）；无法测量时为 null */
                            lagMs: number | null;
                        };
                    };
                };
            };
            /** @description INTERNAL_ERROR：服务器内部错误 */
            500: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "INTERNAL_ERROR";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description NOT_READY：服务未就绪 */
            503: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同 */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /**
                         * @description 错误码
                         * @enum {string}
                         */
                        code: "NOT_READY";
                        /** @description 中文说明 */
                        message: string;
                        /** @description 与响应头 X-Request-Id 相同 */
                        requestId: string;
                        /** @description 仅 VALIDATION_ERROR：每个出错字段一项 */
                        errors?: {
                            /** @description 出错的字段，如 pageSize */
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
        };
    };
}
