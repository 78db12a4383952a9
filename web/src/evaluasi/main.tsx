import { Route, Routes } from 'react-router';
import { Layout, SignInGate } from '../shared/components';
import { mount } from '../shared/mount';

function App() {
  return (
    <Layout page="evaluasi">
      <SignInGate>
        {() => (
          <Routes>
            <Route path="*" element={<h1>evaluasi</h1>} />
          </Routes>
        )}
      </SignInGate>
    </Layout>
  );
}

mount('evaluasi', <App />);
