// POST /api/company/pool/allocations {employeeId, lessons} - HR gives lessons of the paid pool to an employee of its roster (never below zero: 409 company_pool_empty); audited: pool.allocate.
import { companyRoute } from '@/lib/company-portal/http';
import { allocateLessons } from '@/lib/payments/company-pools';
import { poolAllocationSchema } from '@/lib/validations/company-pools';

export const POST = companyRoute(async ({ db, actor, companyId, body }) => allocateLessons(db, actor, companyId, await body(poolAllocationSchema)), { status: 201 });
