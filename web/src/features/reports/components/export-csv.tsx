import { Button, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ReportCsvScope, ReportFilter } from '@verigate/contracts';
import { useEffect, useRef, useState } from 'react';
import { IconChevronDown } from '@/components/icons';
import { exportReportCsv, saveFile, type CsvProgress } from '@/lib/api/reports/export-report-csv';
import { errorMessage } from '@/lib/server-messages';
import { showError, showSuccess } from '@/lib/toast';
import { formatCount } from '@/lib/format';

interface Running {
  scope: ReportCsvScope;
  progress: CsvProgress;
  controller: AbortController;
}

/**
 * Export CSV: the whole result of the report's filter, or the page on screen. The file streams in
 * while a progress bar counts its rows; it is saved once complete, and can be cancelled.
 */
export function ExportCsv({ filter, total, pageRows }: { filter: ReportFilter; total: number; pageRows: number }) {
  const [running, setRunning] = useState<Running | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = async (scope: ReportCsvScope) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    const expected = scope === 'all' ? total : pageRows;
    setRunning({ scope, controller, progress: { rows: 0, bytes: 0, total: expected } });
    try {
      const file = await exportReportCsv(filter, scope, {
        signal: controller.signal,
        onProgress: (progress) => setRunning((current) => current && { ...current, progress: { ...progress, total: progress.total ?? expected } }),
      });
      saveFile(file);
      showSuccess(`Exported ${formatCount(file.rows)} ${file.rows === 1 ? 'row' : 'rows'} to ${file.filename}`);
    } catch (error) {
      if (!controller.signal.aborted) showError(errorMessage(error));
    } finally {
      controllerRef.current = null;
      setRunning(null);
    }
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Menu position="bottom-end" withinPortal disabled={running !== null}>
        <Menu.Target>
          <Button variant="light" size="sm" rightSection={<IconChevronDown size={16} />} loading={running !== null}>
            Export CSV
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void start('all')}>Whole result ({formatCount(total)} rows)</Menu.Item>
          <Menu.Item onClick={() => void start('page')}>This page ({formatCount(pageRows)} rows)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {running && <ExportProgress running={running} onCancel={() => running.controller.abort()} />}
    </Stack>
  );
}

const formatBytes = (bytes: number) => (bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

function ExportProgress({ running, onCancel }: { running: Running; onCancel: () => void }) {
  const { rows, bytes, total } = running.progress;
  const percent = total ? Math.min(100, Math.round((rows / total) * 100)) : null;
  const label = `Exporting ${running.scope === 'all' ? 'the whole result' : 'this page'}: ${formatCount(rows)}${total ? ` of ${formatCount(total)}` : ''} rows`;
  return (
    <Paper withBorder radius="md" p="sm" w={{ base: '100%', xs: 360 }} role="status" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm">{label}</Text>
          <Button variant="subtle" size="compact-xs" color="red" onClick={onCancel} style={{ flexShrink: 0 }}>
            Cancel
          </Button>
        </Group>
        <Progress value={percent ?? 100} animated={percent === null} aria-label="Export progress" />
        <Text fz="xs" c="dimmed">
          {formatBytes(bytes)} received
        </Text>
      </Stack>
    </Paper>
  );
}
