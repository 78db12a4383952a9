import { Route, Routes } from 'react-router';
import { Layout, SignInGate } from '../shared/components';
import { mount } from '../shared/mount';

function App() {
  return (
    <Layout page="statistik">
      <SignInGate>
        {() => (
          <Routes>
            <Route path="*" element={<h1>statistik</h1>} />
          </Routes>
        )}
      </SignInGate>
    </Layout>
  );
}

mount('statistik', <App />);
