// POST /api/user2/logout/ - the built-in cabinet's logout: same as /api/auth/logout.
export { POST } from '@/app/api/auth/logout/route';
