import { queryOptions, useQuery } from '@tanstack/react-query';
import { testReportsResponse, type TestReportsResponse } from '@viabiliza/contracts/admin-console';

import { api } from '@/lib/api-client';

/** 'admin': the testing tab's suites (all, smoke) and go-live criteria; 'center': /testing (e2e, scenarios). */
export type TestReportGroup = 'admin' | 'center';

export const testReportsQueryKey = (group: TestReportGroup) => ['admin', 'tests', 'reports', group] as const;

export function getTestReports(group: TestReportGroup, { signal }: { signal?: AbortSignal } = {}): Promise<TestReportsResponse> {
  return api.get(`/api/admin/tests/reports?group=${group}`, { signal, schema: testReportsResponse });
}

export function getTestReportsQueryOptions(group: TestReportGroup) {
  return queryOptions({ queryKey: testReportsQueryKey(group), queryFn: ({ signal }) => getTestReports(group, { signal }) });
}

export function useTestReports(group: TestReportGroup) {
  return useQuery(getTestReportsQueryOptions(group));
}
