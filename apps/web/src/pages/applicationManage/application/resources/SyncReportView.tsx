import type { SyncReport } from '@portal/contracts';
import { Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useResourcesT } from './messages.ts';

const KINDS = ['added', 'changed', 'moved', 'removed'] as const;

/** A finished synchronisation's report: the four counts, then each non-empty list. */
export function SyncReportView({ report }: { report: SyncReport }) {
  const t = useResourcesT();
  const typeTag = (type: 'path' | 'element') => <Tag>{type === 'path' ? t('typePath') : t('typeElement')}</Tag>;
  const lines: Record<(typeof KINDS)[number], ReactNode[]> = {
    added: report.added.map((node) => (
      <span key={node.resource}>
        <code>{node.resource}</code> {typeTag(node.type)}
      </span>
    )),
    changed: report.changed.map((node) => (
      <span key={node.resource}>
        <code>{node.resource}</code> ({node.fields.join(', ')})
      </span>
    )),
    moved: report.moved.map((node) => (
      <span key={node.from}>
        <code>{node.from}</code> → <code>{node.to}</code>
      </span>
    )),
    removed: report.removed.map((node) => (
      <span key={node.resource}>
        <code>{node.resource}</code> {typeTag(node.type)}
      </span>
    )),
  };
  const total = KINDS.reduce((sum, kind) => sum + report.counts[kind], 0);
  return (
    <Flex vertical gap={12} role="region" aria-label={t('syncSteps.report')}>
      <Row gutter={16}>
        {KINDS.map((kind) => (
          <Col span={6} key={kind}>
            <Statistic title={t(`report.${kind}`)} value={report.counts[kind]} />
          </Col>
        ))}
      </Row>
      {total === 0 && <Typography.Text type="secondary">{t('report.nothing')}</Typography.Text>}
      {KINDS.filter((kind) => lines[kind].length > 0).map((kind) => (
        <section key={kind} aria-label={t(`report.${kind}`)}>
          <Typography.Title level={5}>{t(`report.${kind}`)}</Typography.Title>
          <Flex vertical gap={4}>
            {lines[kind]}
          </Flex>
        </section>
      ))}
    </Flex>
  );
}
