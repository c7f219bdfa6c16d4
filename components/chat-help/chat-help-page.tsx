'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { StudentChat } from './student-chat';
import { TutorChat } from './tutor-chat';
import { loadApi } from './types';

/** The cabinet's chat help: the student's questions or the tutor's duty, by the signed-in account's role. */
export function ChatHelpPage() {
  const t = useTranslations('ChatHelp');
  const { signedIn } = useRequireAuth();
  const [role, setRole] = useState<'student' | 'tutor' | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadApi()
      .then((api) => api.get<{ user: { role: 'student' | 'tutor' } }>('/api/auth/user'))
      .then((res) => live && setRole(res.data.user.role))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [signedIn]);
  if (failed) return <p role="alert" className="text-danger">{t('loadFailed')}</p>;
  if (!role) return <p role="status" className="text-muted">{t('loading')}</p>;
  return role === 'tutor' ? <TutorChat /> : <StudentChat />;
}
