import { Alert, Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { isUnreachable } from '../../api/client';
import { Unreachable } from '../Unreachable';
import { failure, type Answer } from './answer';

/**
 * A card of the review screen: its title as a level-two heading (the page's h1 is the pricing),
 * a skeleton while its answer loads, why it failed with 重试, else its content.
 */
export function ReviewCard<T>({
  id,
  title,
  extra,
  answer,
  children,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  answer: Answer<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    // Focusable from script: the page's nav moves the keyboard into the card it opens.
    <Card id={id} tabIndex={-1} title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} extra={extra} data-testid={id}>
      {answer.loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : 'error' in answer ? (
        <AnswerFailure title={title} answer={answer} />
      ) : (
        children(answer.data)
      )}
    </Card>
  );
}

/** A card's request failed: that the service cannot be reached, or its own words; either way 重试. */
export function AnswerFailure({ title, answer }: { title: string; answer: Extract<Answer<unknown>, { error: unknown }> }) {
  if (isUnreachable(answer.error)) return <Unreachable compact onRetry={answer.retry} />;
  return (
    <Alert
      type="error"
      showIcon
      message={`${title}加载失败`}
      description={
        <>
          {failure(answer.error)}
          <div style={{ marginTop: 8 }}>
            <Button size="small" onClick={answer.retry}>
              重试
            </Button>
          </div>
        </>
      }
    />
  );
}

/** A heading inside a card (the card's own title is the h2). */
export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 style={{ fontSize: 14, fontWeight: 600, margin: '16px 0 8px' }}>{children}</h3>;
}

/** A link inside a sentence: underlined, since its colour alone does not set it apart from the text. */
export const IN_TEXT = { textDecoration: 'underline' } as const;
