import type { ReceiverState, StateCounts as Counts } from '@portal/contracts';
import { Flex, Progress, Tag, Tooltip } from 'antd';
import { useMessageRecordT } from './messages.ts';

export const STATE_COLOURS: Record<ReceiverState, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
  skipped: 'default',
};

/** A receiver state as a coloured tag. */
export function StateTag({ state }: { state: ReceiverState }) {
  const t = useMessageRecordT();
  return <Tag color={STATE_COLOURS[state]}>{t(`state_${state}`)}</Tag>;
}

/** Share of the receivers that are settled (delivered, failed or skipped), as a whole percentage. */
export const settledPercent = (counts: Counts) =>
  counts.total === 0 ? 100 : Math.floor(((counts.total - counts.pending) * 100) / counts.total);

/** Delivery progress of a message or a channel: a bar (failures in red) and the counts that are not zero. */
export function StateCounts({ counts }: { counts: Counts }) {
  const t = useMessageRecordT();
  const states = (['delivered', 'pending', 'failed', 'skipped'] as const).filter((state) => counts[state] > 0);
  return (
    <Flex vertical gap={2} style={{ minWidth: 180 }}>
      <Tooltip title={`${counts.total - counts.pending} / ${counts.total}`}>
        <Progress
          percent={settledPercent(counts)}
          success={{ percent: counts.total === 0 ? 0 : Math.floor((counts.delivered * 100) / counts.total) }}
          status={counts.failed > 0 ? 'exception' : counts.pending > 0 ? 'active' : 'normal'}
          size="small"
        />
      </Tooltip>
      <Flex gap={4} wrap>
        {states.map((state) => (
          <Tag key={state} color={STATE_COLOURS[state]}>
            {t(`state_${state}`)} {counts[state]}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
