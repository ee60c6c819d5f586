import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../api/client';
import { queryPricing } from '../api/services';
import { listBody, listSearch, parseListSearch, rememberRow, type ListState } from '../list-query';
import { PRICING_LIST, PRICING_LIST_PATH, pricingPath } from '../pricing-list';
import { ButtonLink } from './ButtonLink';
import { useAnswer } from './review/answer';

interface Page {
  ids: number[];
  total: number;
}

const count = (n: number) => n.toLocaleString('zh-CN');

/** A key that walks the list: [ and ] (by the key's place, so a Chinese input method's 【 】 count too). */
function stepOf(e: KeyboardEvent): -1 | 1 | undefined {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  const target = e.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]')) return undefined;
  if (e.code === 'BracketLeft' || e.key === '[') return -1;
  if (e.code === 'BracketRight' || e.key === ']') return 1;
  return undefined;
}

/**
 * Above a pricing's review page: 返回列表, and when the page was opened from the list (its query in
 * `list`), 上一条 / 下一条 in the list's order with 第 n / N 条. At a page's edge the neighbouring
 * page is asked with the list's own request; the address then names that page, so 返回列表 and a
 * reload find the row where it is.
 */
export function ListWalker({ id, list }: { id: number; list: string | null }) {
  const backTo = `${PRICING_LIST_PATH}${list ? `?${list}` : ''}`;
  return (
    <div
      data-testid="list-walker"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 16 }}
    >
      <ButtonLink to={backTo} icon={<ArrowLeftOutlined />}>
        返回列表
      </ButtonLink>
      {list !== null && id > 0 && <Steps id={id} list={list} />}
    </div>
  );
}

function Steps({ id, list }: { id: number; list: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const state = useMemo(() => parseListSearch(`?${list}`, PRICING_LIST), [list]);
  // Pages already asked, while the person walks: a step within them is at once.
  const pages = useRef(new Map<string, Promise<Page>>());
  const fetchPage = useCallback((at: ListState): Promise<Page> => {
    const body = listBody(at, PRICING_LIST);
    const key = JSON.stringify(body);
    let page = pages.current.get(key);
    if (!page) {
      page = queryPricing(body).then((r) => ({ ids: r.data.map((row) => row.id), total: r.total }));
      page.catch(() => pages.current.delete(key));
      pages.current.set(key, page);
    }
    return page;
  }, []);
  const answer = useAnswer(fetchPage, state);
  const [moving, setMoving] = useState<-1 | 1>();

  const page = !answer.loading && 'data' in answer ? answer.data : undefined;
  const index = page ? page.ids.indexOf(id) : -1;
  const position = index >= 0 ? (state.current - 1) * state.pageSize + index + 1 : undefined;
  const canStep = (step: -1 | 1) => page !== undefined && position !== undefined && (step < 0 ? position > 1 : position < page.total);

  const go = useCallback(
    async (step: -1 | 1) => {
      if (!page || index < 0 || moving) return;
      let at = state;
      let target = page.ids[index + step];
      if (target === undefined) {
        // The row before or after is on the neighbouring page: the list's request for that page.
        at = { ...state, current: state.current + step };
        if (at.current < 1) return;
        setMoving(step);
        try {
          const next = await fetchPage(at);
          target = step < 0 ? next.ids[next.ids.length - 1] : next.ids[0];
        } catch (err) {
          message.error(`查询失败：${failureText(err)}`);
        } finally {
          setMoving(undefined);
        }
        if (target === undefined) return;
      }
      rememberRow(PRICING_LIST_PATH, target);
      // Replaced: Back still leaves for the list, not through every pricing walked.
      void navigate(pricingPath(target, listSearch(at, PRICING_LIST)), { replace: true });
    },
    [page, index, moving, state, fetchPage, message, navigate],
  );

  // The keys act on what is on screen: the step is set as the page commits, before the next key can come.
  const goRef = useRef(go);
  useLayoutEffect(() => {
    goRef.current = go;
  }, [go]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = stepOf(e);
      if (step === undefined) return;
      e.preventDefault();
      void goRef.current(step);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  let where: string;
  if (answer.loading) where = '第 … 条';
  else if ('error' in answer) where = '列表未能加载';
  else if (position === undefined) where = '本条已不在列表的这一页中';
  else where = `第 ${count(position)} / ${count(page!.total)} 条`;

  return (
    <Space wrap size={8} data-testid="list-steps">
      <Tooltip title="上一条（快捷键 [ ）">
        <Button icon={<LeftOutlined />} disabled={!canStep(-1)} loading={moving === -1} onClick={() => void go(-1)}>
          上一条
        </Button>
      </Tooltip>
      <span data-testid="list-position" aria-live="polite" style={{ minWidth: 96, textAlign: 'center', display: 'inline-block' }}>
        {where}
      </span>
      <Tooltip title="下一条（快捷键 ] ）">
        <Button disabled={!canStep(1)} loading={moving === 1} onClick={() => void go(1)}>
          下一条
          <RightOutlined />
        </Button>
      </Tooltip>
    </Space>
  );
}
