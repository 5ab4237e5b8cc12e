import { createBrowserRouter, Navigate } from 'react-router';
import { HeaderLayout } from './layout/HeaderLayout.tsx';
import { ArchivePage } from './pages/archive/ArchivePage.tsx';
import { LoginPage } from './pages/auth/LoginPage.tsx';
import { LogoutPage } from './pages/auth/LogoutPage.tsx';
import { SignupPage } from './pages/auth/SignupPage.tsx';
import { UserPage } from './pages/dashboard/UserPage.tsx';
import { MarkingPage } from './pages/marking/MarkingPage.tsx';
import { ModifyPage } from './pages/modify/ModifyPage.tsx';
import { TeacherPage } from './pages/teacher/TeacherPage.tsx';
import { ReviewPage } from './pages/tutoring/ReviewPage.tsx';
import { SubmissionPage } from './pages/tutoring/SubmissionPage.tsx';
import { TutoringPage } from './pages/tutoring/TutoringPage.tsx';
import { BulkUploadPage } from './pages/upload/BulkUploadPage.tsx';
import { UploadPage } from './pages/upload/UploadPage.tsx';

/** Spec 1 §2. Until the portfolio landing page exists, `/` sends visitors to sign-in. */
export function createRouter() {
  return createBrowserRouter([
    { path: '/', element: <Navigate to="/login" replace /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/signup', element: <SignupPage /> },
    { path: '/logout', element: <LogoutPage /> },
    {
      element: <HeaderLayout />,
      children: [
        { path: '/user/:name', element: <UserPage /> },
        { path: '/tutoring/:name', element: <TutoringPage /> },
        { path: '/submission/:name', element: <SubmissionPage /> },
        { path: '/review/:name', element: <ReviewPage /> },
        { path: '/questions', element: <ArchivePage /> },
        { path: '/questions/modify', element: <ModifyPage /> },
        { path: '/teacher', element: <TeacherPage /> },
        { path: '/upload', element: <UploadPage /> },
        { path: '/upload/multiples', element: <BulkUploadPage /> },
      ],
    },
    { path: '/marking/:name', element: <MarkingPage /> },
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
