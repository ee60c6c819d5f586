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
         *     文件名形如 `核价查询-20261122-093000.xlsx`（APP_TIMEZONE 时间），表头：ID、核价单号、物料编码、物料名称、规格型号、材质、单位、供应商编码、供应商名称、币种、材料费、加工费、二次加工费、其他费用、管理费、利润、未税单价、税率、含税单价、状态、核价员、核价时间、生效日期、失效日期、备注、更新时间。
         *     CSV 为带 BOM 的 UTF-8，值与 JSON 相同（时间为 ISO 8601 UTC）；xlsx 中数字为数字、日期为日期单元格（时间按 APP_TIMEZONE 显示）。以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。
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
         *     CSV 为带 BOM 的 UTF-8，值与 JSON 相同（时间为 ISO 8601 UTC）；xlsx 中数字为数字、日期为日期单元格（时间按 APP_TIMEZONE 显示）。以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。
         */
        post: operations["querySecondaryProcess"];
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
         * @description 按路由、方法、状态统计的请求数，按路由的延迟直方图，数据库连接池与错误，进程指标。
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
            code: "INVALID_JSON" | "VALIDATION_ERROR" | "EXPORT_TOO_LARGE" | "UNAUTHORIZED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL_ERROR" | "DB_UNAVAILABLE" | "QUERY_TIMEOUT";
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
        };
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
            } | null;
            /** @description 关键字：核价单号、物料编码、名称、规格型号、供应商名称中包含 */
            keyword?: string;
            /** @description 核价单号包含 */
            pricingNo?: string;
            /** @description 物料编码包含 */
            partNo?: string;
            /** @description 物料名称包含 */
            partName?: string;
            /** @description 供应商编码或名称包含 */
            supplier?: string;
            /** @description 核价状态（任一） */
            status?: ("draft" | "pending" | "approved" | "rejected" | "expired")[];
            /**
             * Format: date
             * @description 核价日期起（含），YYYY-MM-DD，按 APP_TIMEZONE 的自然日
             */
            pricedFrom?: string;
            /**
             * Format: date
             * @description 核价日期止（含），YYYY-MM-DD
             */
            pricedTo?: string;
            /** @description 未税单价下限（含） */
            minPrice?: number;
            /** @description 未税单价上限（含） */
            maxPrice?: number;
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
            /** @description 关键字：加工单号、加工名称、物料编码、物料名称、供应商名称中包含 */
            keyword?: string;
            /** @description 物料编码包含 */
            partNo?: string;
            /** @description 加工名称包含 */
            processName?: string;
            /** @description 加工类别（任一） */
            category?: ("plating" | "heat_treatment" | "painting" | "anodizing" | "machining" | "welding" | "other")[];
            /** @description 供应商编码或名称包含 */
            supplier?: string;
            /** @description 状态（任一） */
            status?: ("active" | "inactive")[];
            /** @description 单价下限（含） */
            minPrice?: number;
            /** @description 单价上限（含） */
            maxPrice?: number;
            /**
             * Format: date
             * @description 仅返回该日有效的报价：valid_from ≤ 日期 且 (valid_to 为空 或 ≥ 日期)
             */
            validOn?: string;
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
        PricingDetailsQuery: {
            /** @description 核价记录 id */
            pricingId?: number;
            /** @description 核价单号（精确） */
            pricingNo?: string;
            /** @description 物料编码（精确）：取该物料最近一次 approved 的核价 */
            partNo?: string;
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
    };
    responses: {
        /** @description NOT_FOUND：请求的资源不存在（任一未知路径） */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description METHOD_NOT_ALLOWED：不支持该请求方法（已知路径用错方法） */
        MethodNotAllowed: {
            headers: {
                /** @description 该路径支持的方法 */
                Allow?: string;
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
                "application/json": components["schemas"]["PricingQuery"];
            };
        };
        responses: {
            /** @description JSON 分页；或按 Accept 导出的文件 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用） */
                    "X-Request-Id"?: string;
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
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
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
            /** @description DB_UNAVAILABLE：数据库暂时不可用 */
            503: {
                headers: {
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
                        code: "DB_UNAVAILABLE";
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
                "application/json": components["schemas"]["SecondaryProcessQuery"];
            };
        };
        responses: {
            /** @description JSON 分页；或按 Accept 导出的文件 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用） */
                    "X-Request-Id"?: string;
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
            /** @description PAYLOAD_TOO_LARGE：请求体过大 */
            413: {
                headers: {
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
            /** @description DB_UNAVAILABLE：数据库暂时不可用 */
            503: {
                headers: {
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
                        code: "DB_UNAVAILABLE";
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
                "application/json": components["schemas"]["PricingDetailsQuery"];
            };
        };
        responses: {
            /** @description 核价记录、明细行与汇总 */
            200: {
                headers: {
                    /** @description 请求 ID（调用方传入的合法值会被沿用） */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingDetailsResponse"];
                };
            };
            /** @description INVALID_JSON：请求体不是有效的 JSON 对象；VALIDATION_ERROR：请求参数校验失败 */
            400: {
                headers: {
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
            /** @description NOT_FOUND：请求的资源不存在 */
            404: {
                headers: {
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
            /** @description DB_UNAVAILABLE：数据库暂时不可用 */
            503: {
                headers: {
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
                        code: "DB_UNAVAILABLE";
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
                    /** @description 请求 ID（调用方传入的合法值会被沿用） */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TableStatsResponse"];
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
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
            /** @description DB_UNAVAILABLE：数据库暂时不可用 */
            503: {
                headers: {
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
                        code: "DB_UNAVAILABLE";
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
                    /** @description 请求 ID（调用方传入的合法值会被沿用） */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDbResponse"];
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
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
                    /** @description 请求 ID（调用方传入的合法值会被沿用） */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InfoResponse"];
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description UNAUTHORIZED：未授权：缺少或无效的访问令牌 */
            401: {
                headers: {
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
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
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
            /** @description RATE_LIMITED：请求过于频繁，请稍后再试 */
            429: {
                headers: {
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
}
